// The editor's fields, in the order they are shown. A new field goes here and in utils/recommendation-form.ts
// (docs/dashboard.md "Adding a field to a recommendation").
import { Checkbox, Form, Input, InputNumber, Select, Space, Typography, type FormInstance } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { CoordinateFields, FormMapPicker } from '@guestmap/shared-ui/map-picker';
import { LanguageFields } from '../../../lib/language-fields.tsx';
import type { FormValues } from '../utils/recommendation-form.ts';
import { CATEGORIES } from '@guestmap/shared-ui/categories';
import { validate, type Hours } from '../utils/opening-hours.ts';
import { slugify } from '../utils/text.ts';
import { VndRangeFields } from '../../../lib/vnd-range-fields.tsx';
import { OpeningHoursEditor } from './opening-hours-editor.tsx';
import { PhotosField } from './photos-field.tsx';
import { AttributeFields } from './attribute-fields.tsx';
import { VnAddressFields } from '../../../lib/vn-address-fields.tsx';

export function RecommendationFields({
  form,
  isNew,
  customer,
}: {
  form: FormInstance<FormValues>;
  isNew: boolean;
  customer: Tables<'customers'> | null;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Form.Item
        name="title_en"
        label={t('recs.titleEn')}
        rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}
      >
        <Input onChange={(e) => isNew && form.setFieldValue('slug', slugify(e.target.value))} />
      </Form.Item>
      <LanguageFields field="title" max={120} />
      <Form.Item
        name="slug"
        label={t('recs.slug')}
        rules={[
          { required: true, message: t('form.required') },
          { pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, message: t('form.slug') },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="category" label={t('recs.category')} rules={[{ required: true, message: t('form.required') }]}>
        <Select options={CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
      </Form.Item>
      <LanguageFields field="description" max={2000} multiline withEnglish />
      <Space wrap>
        <CoordinateFields
          bind="form"
          labels={{ latitude: t('recs.latitude'), longitude: t('recs.longitude') }}
          messages={{ required: t('form.required'), latitude: t('form.latitude'), longitude: t('form.longitude') }}
        />
        <Form.Item name="price_level" label={t('recs.priceLevel')} rules={[{ type: 'number', min: 1, max: 4 }]}>
          <InputNumber min={1} max={4} />
        </Form.Item>
      </Space>
      {/* The price in whole đồng, shown to guests in VND with an estimate in their currency (docs/prices.md). */}
      <VndRangeFields
        names={{ min: 'price_min_vnd', max: 'price_max_vnd' }}
        labels={{ min: t('recs.priceMin'), max: t('recs.priceMax'), hint: t('recs.priceHint') }}
        message={(error) => t(`form.${error}`)}
      />
      <FormMapPicker
        form={form}
        mode="marker"
        label={t('recs.mapLabel')}
        hint={t('recs.mapHint')}
        fallbackCenter={{ latitude: customer?.latitude ?? 0, longitude: customer?.longitude ?? 0 }}
        fallbackZoom={customer?.zoom ?? 15}
      />
      <Form.Item
        name="opening_hours"
        label={t('hours.title')}
        rules={[
          {
            validator: (_, h?: Hours) =>
              !h || validate(h).length === 0 ? Promise.resolve() : Promise.reject(new Error(t('hours.invalid'))),
          },
        ]}
      >
        <OpeningHoursEditor />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.slug !== b.slug}>
        {() => (
          <Form.Item name="photos" label={t('recs.photos')}>
            <PhotosField name={form.getFieldValue('slug') as string} />
          </Form.Item>
        )}
      </Form.Item>
      <VnAddressFields />
      <Form.Item name="address" label={t('recs.address')} rules={[{ max: 300 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="address_local" label={t('recs.addressLocal')} rules={[{ max: 300 }]}>
        <Input />
      </Form.Item>
      <Form.Item name="phone" label={t('recs.phone')} rules={[{ max: 40 }]}>
        <Input inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="website"
        label={t('recs.website')}
        rules={[
          { type: 'url', message: t('form.url') },
          { pattern: /^https?:\/\//, message: t('form.url') },
        ]}
      >
        <Input inputMode="url" />
      </Form.Item>
      <AttributeFields />
      <Form.Item name="is_partner" valuePropName="checked">
        <Checkbox>{t('recs.isPartner')}</Checkbox>
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a, b) => a.is_partner !== b.is_partner}>
        {() =>
          form.getFieldValue('is_partner') ? (
            <>
              {/* The rate is agreed with the partner (Rewards tab: propose, accept, history); here it is only shown. */}
              <Form.Item label={t('recs.commission')} extra={t('recs.commissionAgreed')}>
                <Typography.Text data-testid="recs-rate-in-force">
                  {form.getFieldValue('commission_pct') == null
                    ? t('commission.none')
                    : `${form.getFieldValue('commission_pct') as number} %`}
                </Typography.Text>
              </Form.Item>
              <LanguageFields field="offer" max={200} withEnglish />
            </>
          ) : null
        }
      </Form.Item>
      <Form.Item name="published" valuePropName="checked">
        <Checkbox>{t('recs.publishNow')}</Checkbox>
      </Form.Item>
    </>
  );
}
