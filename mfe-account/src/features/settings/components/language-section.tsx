// /user/settings: the language of the app and of mails (saved in the profile). The shell is the one writer of
// the profile's language (`saveLocale` of the platform contract, docs/platform.md "The language"): this section
// asks it, and says "updated" once the shell's save of the latest choice has landed. A choice replaced by a
// quicker second one is not confirmed (the second is); a lost answer is checked by the shell, and the section
// says so meanwhile, as the other sections do (hooks/use-profile-save.ts).
import { useEffect, useId, useRef } from 'react';
import { Radio } from 'antd';
import { useTranslation, LOCALES, LOCALE_LABELS, usePlatform, type Locale } from '@guestmap/shared-ui/contracts';
import { lang } from '@guestmap/shared-ui/i18n';
import { ProfileSaveChecking } from './profile-save-checking.tsx';
import { Section } from './section.tsx';

export function LanguageSection() {
  const { t } = useTranslation('account');
  const { user, locale, setLocale, saveLocale, localeSave, toast } = usePlatform();
  const labelId = useId();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const change = (l: Locale) => {
    if (l === locale || !user) return;
    // A shell older than contract 2.2 saves the language itself and gives no answer.
    if (!saveLocale) return setLocale(l);
    // The interface follows at once; the profile keeps the choice for next time and other devices.
    void saveLocale(l).then((outcome) => {
      // The screen went away meanwhile: nothing to say (as a section's own save, use-profile-save.ts).
      if (!mounted.current) return;
      if (outcome === 'saved') toast.success(t('user.language.success', { lng: lang(l) }));
      else if (outcome === 'refused') toast.error(t('user.language.error', { lng: lang(l) }));
    });
  };
  return (
    <Section title={t('user.language.title')}>
      <span
        id={labelId}
        className="gm-visually-hidden"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {t('user.language.label')}
      </span>
      <Radio.Group
        aria-labelledby={labelId}
        value={locale}
        onChange={(e) => change(e.target.value as Locale)}
        optionType="button"
        buttonStyle="solid"
      >
        {LOCALES.map((l) => (
          <Radio.Button key={l} value={l}>
            <span lang={l}>{LOCALE_LABELS[l]}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
      <ProfileSaveChecking checking={localeSave === 'checking'} />
    </Section>
  );
}
