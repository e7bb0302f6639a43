// A place's or a hotel's address after Vietnam's 2025 reform (issue 43 item 1, docs/addresses.md): street, the new
// ward (by its official code), the old ward and district beside it, and the flag a person clears once the ward is
// confirmed. Inside an antd Form whose fields include `latitude` and `longitude` (the place's pin in the place
// editor, the hotel's map position in its settings), with the columns' names as field names.
// "Propose from the pin" looks the pin up in the wards' boundaries (point in polygon, ward-from-pin.ts): it sets
// the ward, proposes the old ward and district when exactly one old ward made it, and sets the flag when several did
// or one was split. Where no boundary holds the pin it says so and changes nothing (it never guesses by distance).
import { useState } from 'react';
import { Button, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { useVnWards } from './use-vn-wards.ts';
import { proposeAddress } from './ward-from-pin.ts';

export function VnAddressFields() {
  const { t } = useTranslation('dashboard');
  const form = Form.useFormInstance();
  const wards = useVnWards();
  const [note, setNote] = useState<string | null>(null);

  const propose = () => {
    const lat = Number(form.getFieldValue('latitude'));
    const lng = Number(form.getFieldValue('longitude'));
    const p = proposeAddress(lat, lng, wards);
    if (!p) return setNote(t('address.noBoundary'));
    form.setFieldsValue({
      ward_code: p.ward.code,
      old_ward: p.oldWard ?? form.getFieldValue('old_ward'),
      old_district: p.oldDistrict ?? form.getFieldValue('old_district'),
      ward_needs_review: p.needsReview,
    });
    setNote(
      p.needsReview ? t('address.toConfirm', { ward: p.ward.name }) : t('address.proposed', { ward: p.ward.name }),
    );
  };

  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontWeight: 600, fontSize: 16, marginBottom: 4 }}>{t('address.title')}</legend>
      <Form.Item name="street" label={t('address.street')} rules={[{ max: 200 }]}>
        <Input placeholder="07 Công trường Lam Sơn" lang="vi" />
      </Form.Item>
      <Space wrap align="end">
        <Form.Item name="ward_code" label={t('address.ward')}>
          <Select
            showSearch
            allowClear
            style={{ minWidth: 280 }}
            optionFilterProp="label"
            options={wards.map((w) => ({ value: w.code, label: `${w.name}, ${w.province}` }))}
          />
        </Form.Item>
        <Form.Item>
          <Button onClick={propose}>{t('address.fromPin')}</Button>
        </Form.Item>
      </Space>
      {note && <Typography.Paragraph role="status">{note}</Typography.Paragraph>}
      <Space wrap>
        <Form.Item name="old_ward" label={t('address.oldWard')} rules={[{ max: 100 }]}>
          <Input lang="vi" />
        </Form.Item>
        <Form.Item name="old_district" label={t('address.oldDistrict')} rules={[{ max: 100 }]}>
          <Input lang="vi" />
        </Form.Item>
      </Space>
      <Form.Item name="ward_needs_review" valuePropName="checked">
        <Checkbox>{t('address.needsReview')}</Checkbox>
      </Form.Item>
    </fieldset>
  );
}
