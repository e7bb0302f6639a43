// Which places lack which translation: a column of language badges and a filter above the list.
import { Select, Tag } from 'antd';
import { CONTENT_LANGUAGE_NAMES } from '@guestmap/shared-ui/i18n';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { LANGUAGES, type Language } from '../../../lib/translations.ts';

/** '' = every place; 'any' = places lacking some language; a language = places lacking that one. */
export type MissingFilter = '' | 'any' | Language;

export const keepRow = (filter: MissingFilter, missing: Language[]) =>
  filter === '' || (filter === 'any' ? missing.length > 0 : missing.includes(filter));

export function MissingBadges({ missing }: { missing: Language[] }) {
  const { t } = useTranslation('dashboard');
  if (!missing.length) return <Tag color="green">{t('recs.translationsComplete')}</Tag>;
  return (
    <span data-testid="missing-translations">
      {missing.map((l) => (
        <Tag
          key={l}
          color="orange"
          title={t('recs.missingLanguage', { language: CONTENT_LANGUAGE_NAMES[l] })}
          aria-label={t('recs.missingLanguage', { language: CONTENT_LANGUAGE_NAMES[l] })}
        >
          {l.toUpperCase()}
        </Tag>
      ))}
    </span>
  );
}

export function MissingFilterSelect({
  value,
  onChange,
}: {
  value: MissingFilter;
  onChange: (v: MissingFilter) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Select<MissingFilter>
      aria-label={t('recs.missingFilter')}
      value={value}
      onChange={onChange}
      style={{ width: 220 }}
      options={[
        { value: '', label: t('recs.missingNone') },
        { value: 'any', label: t('recs.missingAny') },
        ...LANGUAGES.map((l) => ({
          value: l,
          label: t('recs.missingLanguage', { language: CONTENT_LANGUAGE_NAMES[l] }),
        })),
      ]}
    />
  );
}
