// A position's latitude and longitude in degrees, required and in range (a recommendation's place, a map's
// centre in the settings): one pair of fields for every form that places something on the map.
import { Form, InputNumber } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';

export function CoordinateFields() {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <Form.Item
        name="latitude"
        label={t('recs.latitude')}
        rules={[
          { required: true, message: t('form.required') },
          { type: 'number', min: -90, max: 90, message: t('form.latitude') },
        ]}
      >
        <InputNumber step={0.0001} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item
        name="longitude"
        label={t('recs.longitude')}
        rules={[
          { required: true, message: t('form.required') },
          { type: 'number', min: -180, max: 180, message: t('form.longitude') },
        ]}
      >
        <InputNumber step={0.0001} style={{ width: 160 }} />
      </Form.Item>
    </>
  );
}
