import { useTranslation } from 'react-i18next';
import { LOCALES, LOCALE_LABELS, usePlatform, type Locale } from '@guestmap/shared-ui/contracts';

export function LanguageSelect({ id }: { id: string }) {
  const { t } = useTranslation('shell');
  const { locale, setLocale } = usePlatform();
  return (
    <span className="gm-lang-wrap">
      <label className="gm-visually-hidden" htmlFor={id}>
        {t('nav.language')}
      </label>
      <select id={id} className="gm-lang" value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_LABELS[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
