// The new map's position as numbers (latitude, longitude) and its zoom, with the position's error.
import { Flex, Form, InputNumber, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { round, type Position } from './position-map.tsx';

interface Props {
  ids: { lat: string; lng: string; zoom: string };
  latText: number | null;
  setLatText: (v: number | null) => void;
  lngText: number | null;
  setLngText: (v: number | null) => void;
  zoom: number;
  setZoom: (z: number) => void;
  place: (p: Position) => void;
  /** A catalogue key. */
  error?: string;
}

export function CoordinateFields({
  ids,
  latText,
  setLatText,
  lngText,
  setLngText,
  zoom,
  setZoom,
  place,
  error,
}: Props) {
  const { t } = useTranslation('account');
  const errors = { position: error };
  return (
    <>
      <Flex gap={8}>
        <Form.Item
          label={t('customer.latitude')}
          htmlFor={ids.lat}
          style={{ flex: 1 }}
          validateStatus={errors.position ? 'error' : undefined}
        >
          <InputNumber
            id={ids.lat}
            value={latText}
            min={-90}
            max={90}
            step={0.0001}
            style={{ width: '100%' }}
            onChange={(v) => {
              setLatText(v);
              if (typeof v === 'number' && typeof lngText === 'number')
                place({ latitude: round(v), longitude: lngText });
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('customer.longitude')}
          htmlFor={ids.lng}
          style={{ flex: 1 }}
          validateStatus={errors.position ? 'error' : undefined}
        >
          <InputNumber
            id={ids.lng}
            value={lngText}
            min={-180}
            max={180}
            step={0.0001}
            style={{ width: '100%' }}
            onChange={(v) => {
              setLngText(v);
              if (typeof v === 'number' && typeof latText === 'number')
                place({ latitude: latText, longitude: round(v) });
            }}
          />
        </Form.Item>
        <Form.Item label={t('customer.zoom')} htmlFor={ids.zoom} style={{ width: 96 }}>
          <InputNumber
            id={ids.zoom}
            value={zoom}
            min={1}
            max={20}
            step={1}
            precision={0}
            style={{ width: '100%' }}
            onChange={(v) => typeof v === 'number' && setZoom(Math.min(20, Math.max(1, Math.round(v))))}
          />
        </Form.Item>
      </Flex>
      {errors.position && (
        <Typography.Text type="danger" role="alert">
          {t(errors.position)}
        </Typography.Text>
      )}
    </>
  );
}
