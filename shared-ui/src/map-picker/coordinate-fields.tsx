// A position's latitude and longitude in degrees (and, when labelled, the map's zoom): the one set of number
// fields beside every map picker. Bound to a form's `latitude`, `longitude` (and `zoom`) fields with their
// range rules, or to a screen's own state; the texts come from the caller's catalogue.
import type { ReactNode } from 'react';
import { Flex, Form, InputNumber, Typography } from 'antd';
import { round6, type Point } from './point.ts';

type Axis = 'latitude' | 'longitude';

const RANGE = { latitude: 90, longitude: 180 } as const;
const STEP = 0.0001;
const clampZoom = (v: number) => Math.min(20, Math.max(1, Math.round(v)));

export type CoordinateFieldsProps = {
  labels: { latitude: string; longitude: string; zoom?: string };
} & (
  | {
      /** The form's fields, validated: required and in range. */
      bind: 'form';
      messages: { required: string; latitude: string; longitude: string; zoom?: string };
    }
  | {
      /** The screen's own state: what is typed, and the position once both numbers are there. */
      bind: 'state';
      ids: Record<Axis | 'zoom', string>;
      value: { latitude: number | null; longitude: number | null; zoom: number };
      onType: (axis: Axis, v: number | null) => void;
      onPlace: (p: Point) => void;
      onZoom: (zoom: number) => void;
      /** The position's error, already translated. */
      error?: string;
    }
);

export function CoordinateFields(props: CoordinateFieldsProps) {
  const { labels } = props;
  if (props.bind === 'form') {
    const { messages } = props;
    const axis = (a: Axis) => (
      <Form.Item
        key={a}
        name={a}
        label={labels[a]}
        rules={[
          { required: true, message: messages.required },
          { type: 'number', min: -RANGE[a], max: RANGE[a], message: messages[a] },
        ]}
      >
        <InputNumber step={STEP} style={{ width: 160 }} />
      </Form.Item>
    );
    return (
      <>
        {axis('latitude')}
        {axis('longitude')}
        {labels.zoom && (
          <Form.Item
            name="zoom"
            label={labels.zoom}
            rules={[
              { required: true, message: messages.required },
              { type: 'number', min: 1, max: 20, message: messages.zoom },
            ]}
          >
            <InputNumber min={1} max={20} />
          </Form.Item>
        )}
      </>
    );
  }

  const { ids, value, onType, onPlace, onZoom, error } = props;
  const status = error ? 'error' : undefined;
  const axis = (a: Axis): ReactNode => (
    <Form.Item key={a} label={labels[a]} htmlFor={ids[a]} style={{ flex: 1 }} validateStatus={status}>
      <InputNumber
        id={ids[a]}
        value={value[a]}
        min={-RANGE[a]}
        max={RANGE[a]}
        step={STEP}
        style={{ width: '100%' }}
        onChange={(v) => {
          onType(a, v);
          const other = a === 'latitude' ? value.longitude : value.latitude;
          if (typeof v === 'number' && typeof other === 'number')
            onPlace(
              a === 'latitude' ? { latitude: round6(v), longitude: other } : { latitude: other, longitude: round6(v) },
            );
        }}
      />
    </Form.Item>
  );
  return (
    <>
      <Flex gap={8}>
        {axis('latitude')}
        {axis('longitude')}
        {labels.zoom && (
          <Form.Item label={labels.zoom} htmlFor={ids.zoom} style={{ width: 96 }}>
            <InputNumber
              id={ids.zoom}
              value={value.zoom}
              min={1}
              max={20}
              step={1}
              precision={0}
              style={{ width: '100%' }}
              onChange={(v) => typeof v === 'number' && onZoom(clampZoom(v))}
            />
          </Form.Item>
        )}
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
    </>
  );
}
