// A form's fields for one text in the languages after English (Vietnamese, French, Chinese, Korean,
// Japanese): `title_vi` … `title_ja`. The English field stays in the screen (its rules differ per form).
import { Form, Input } from 'antd';
import { CONTENT_LANGUAGE_NAMES } from '@guestmap/shared-ui/i18n';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { LANGUAGES, type TextField } from './translations.ts';

// Vietnamese and French keep their labels of before ("Title (Vietnamese)"); the others are named in themselves.
const OWN_KEYS: Record<TextField, Partial<Record<string, string>>> = {
  title: { vi: 'recs.titleVi', fr: 'recs.titleFr' },
  description: { vi: 'recs.descriptionVi', fr: 'recs.descriptionFr' },
  offer: { vi: 'recs.offerVi', fr: 'recs.offerFr' },
  welcome: { vi: 'settings.welcomeVi', fr: 'settings.welcomeFr' },
};
const IN_KEYS: Record<TextField, string> = {
  title: 'recs.titleIn',
  description: 'recs.descriptionIn',
  offer: 'recs.offerIn',
  welcome: 'settings.welcomeIn',
};

export function LanguageFields({
  field,
  max,
  multiline,
  rows = 3,
}: {
  field: TextField;
  max: number;
  multiline?: boolean;
  rows?: number;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      {LANGUAGES.filter((l) => l !== 'en').map((l) => (
        <Form.Item
          key={l}
          name={`${field}_${l}`}
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
