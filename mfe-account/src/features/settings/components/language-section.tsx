// /user/settings: the language of the app and of mails (saved in the profile).
import { useId } from 'react';
import { Radio } from 'antd';
import { useTranslation, LOCALES, LOCALE_LABELS, usePlatform, type Locale } from '@guestmap/shared-ui/contracts';
import { lang } from '@guestmap/shared-ui/i18n';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { useProfileSave } from '../hooks/use-profile-save.ts';
import { ProfileSaveChecking } from './profile-save-checking.tsx';
import { Section } from './section.tsx';

export function LanguageSection() {
  const { t } = useTranslation('account');
  const { user, locale, setLocale, toast, refreshProfile } = usePlatform();
  const profileSave = useProfileSave();
  const { run } = useBusy('language');
  const labelId = useId();
  const change = (l: Locale) => {
    if (l === locale || !user) return;
    // The interface follows at once; the profile keeps the choice for next time and other devices.
    setLocale(l);
    void run('save', async () => {
      const saved = await profileSave.save({ language: l });
      if (saved === null) return;
      if (!saved) return toast.error(t('user.language.error', { lng: lang(l) }));
      toast.success(t('user.language.success', { lng: lang(l) }));
      await refreshProfile();
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
      <ProfileSaveChecking checking={profileSave.checking} />
    </Section>
  );
}
