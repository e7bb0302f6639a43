// A form's fields for one text in the content languages: `description_en` … `description_ja`. With
// `withEnglish` the English field comes first with the same length rule (descriptions, guest offers, the
// welcome); without it the screen writes its own English field (a title is required and makes the slug).
import { Form, Input } from 'antd';
import { CONTENT_LANGUAGE_NAMES } from '@guestmap/shared-ui/i18n';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { LANGUAGES, type TextField } from './translations.ts';

/** Which text: its form fields are named after the TextField (`campaignTitle` → `title_vi` …, `prizeLabel` → `label_vi` …). */
export type LanguageField = Exclude<TextField, 'label'> | 'campaignTitle' | 'prizeLabel';
const NAMES: Record<LanguageField, TextField> = {
  title: 'title',
  description: 'description',
  offer: 'offer',
  welcome: 'welcome',
  campaignTitle: 'title',
  prizeLabel: 'label',
};

// Vietnamese and French keep their labels of before ("Title (Vietnamese)"); the others are named in themselves.
const OWN_KEYS: Record<LanguageField, Partial<Record<string, string>>> = {
  title: { vi: 'recs.titleVi', fr: 'recs.titleFr' },
  description: { vi: 'recs.descriptionVi', fr: 'recs.descriptionFr' },
  offer: { vi: 'recs.offerVi', fr: 'recs.offerFr' },
  welcome: { vi: 'settings.welcomeVi', fr: 'settings.welcomeFr' },
  campaignTitle: { vi: 'rewards.titleVi', fr: 'rewards.titleFr' },
  prizeLabel: { vi: 'rewards.labelVi', fr: 'rewards.labelFr' },
};
const EN_KEYS: Record<LanguageField, string> = {
  title: 'recs.titleEn',
  description: 'recs.descriptionEn',
  offer: 'recs.offerEn',
  welcome: 'settings.welcomeEn',
  campaignTitle: 'rewards.titleEn',
  prizeLabel: 'rewards.labelEn',
};
const IN_KEYS: Record<LanguageField, string> = {
  title: 'recs.titleIn',
  description: 'recs.descriptionIn',
  offer: 'recs.offerIn',
  welcome: 'settings.welcomeIn',
  campaignTitle: 'recs.titleIn',
  prizeLabel: 'rewards.labelIn',
};

export function LanguageFields({
  field,
  max,
  multiline,
  rows = 3,
  withEnglish,
}: {
  field: LanguageField;
  max: number;
  multiline?: boolean;
  rows?: number;
  withEnglish?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      {withEnglish && (
        <Form.Item name={`${NAMES[field]}_en`} label={t(EN_KEYS[field])} rules={[{ max }]}>
          {multiline ? <Input.TextArea rows={rows} /> : <Input />}
        </Form.Item>
      )}
      {LANGUAGES.filter((l) => l !== 'en').map((l) => (
        <Form.Item
          key={l}
          name={`${NAMES[field]}_${l}`}
          label={
            OWN_KEYS[field][l] ? t(OWN_KEYS[field][l]) : t(IN_KEYS[field], { language: CONTENT_LANGUAGE_NAMES[l] })
          }
          rules={[{ max }]}
        >
          {multiline ? <Input.TextArea rows={rows} lang={l} /> : <Input lang={l} />}
        </Form.Item>
      ))}
    </>
  );
}
