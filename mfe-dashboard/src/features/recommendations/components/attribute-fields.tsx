// The place's traveller attributes (docs/filters.md): one select per OpenStreetMap-style key, grouped as the guest
// map groups its filters, offering exactly the values the database takes; empty = not known (no tag stored).
import { Form, Select, Space, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { PLACE_ATTRIBUTES, type AttributeKey } from '@guestmap/shared-ui/place-attributes';

const GROUPS: [string, AttributeKey[]][] = [
  ['food', ['diet:vegetarian', 'diet:vegan', 'diet:halal', 'diet:gluten_free', 'guestmap:no_pork']],
  ['access', ['wheelchair', 'guestmap:kids']],
  [
    'pay',
    ['payment:cards', 'payment:contactless', 'payment:vietqr', 'payment:unionpay', 'payment:alipay', 'payment:wechat'],
  ],
];

/** i18next reads ':' as its namespace separator: the labels are keyed with '_'. */
export const attributeLabelKey = (key: AttributeKey) => `recs.attrs.keys.${key.replace(':', '_')}`;

export function AttributeFields() {
  const { t } = useTranslation('dashboard');
  return (
    <fieldset className="gm-attrs" aria-describedby="recs-attrs-hint" style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 16, marginBottom: 4 }}>{t('recs.attrs.title')}</legend>
      <Typography.Paragraph type="secondary" id="recs-attrs-hint">
        {t('recs.attrs.hint')}
      </Typography.Paragraph>
      {GROUPS.map(([group, keys]) => (
        <div key={group} role="group" aria-label={t(`recs.attrs.${group}`)}>
          <Typography.Text strong>{t(`recs.attrs.${group}`)}</Typography.Text>
          <Space wrap style={{ display: 'flex', marginTop: 4 }}>
            {keys.map((key) => (
              <Form.Item key={key} name={['attributes', key]} label={t(attributeLabelKey(key))}>
                <Select
                  allowClear
                  style={{ minWidth: 150 }}
                  placeholder={t('recs.attrs.unknown')}
                  options={PLACE_ATTRIBUTES[key].map((v) => ({ value: v, label: t(`recs.attrs.values.${v}`) }))}
                />
              </Form.Item>
            ))}
          </Space>
        </div>
      ))}
    </fieldset>
  );
}
