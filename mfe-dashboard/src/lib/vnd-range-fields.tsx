// Two fields for an amount in whole đồng (docs/prices.md): the only or lowest amount and the highest (empty for a
// single one), checked as the database checks them. A place's price (from 0, "free") and a voucher's value (from
// 1 ₫) use them with their own names, labels and messages.
import { Form, InputNumber, Space } from 'antd';
import { maxPriceError, priceErrors, type PriceError } from './vnd-price.ts';

export function VndRangeFields({
  names,
  labels,
  lowest = 0,
  message,
}: {
  names: { min: string; max: string };
  labels: { min: string; max: string; hint: string };
  lowest?: number;
  /** The message of an error code, in the user's language. */
  message: (error: PriceError) => string;
}) {
  // The form around the fields (they read the lowest's value by its name).
  const form = Form.useFormInstance();
  return (
    <Space wrap align="start">
      <Form.Item
        name={names.min}
        label={labels.min}
        extra={labels.hint}
        rules={[
          {
            validator: (_, v?: number | null) =>
              priceErrors(v, null, lowest).length
                ? Promise.reject(new Error(message('priceWhole')))
                : Promise.resolve(),
          },
        ]}
      >
        <InputNumber<number> suffix="₫" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name={names.max}
        label={labels.max}
        dependencies={[names.min]}
        rules={[
          {
            validator: (_, v?: number | null) => {
              const error = maxPriceError(form.getFieldValue(names.min) as number | null, v, lowest);
              return error ? Promise.reject(new Error(message(error))) : Promise.resolve();
            },
          },
        ]}
      >
        <InputNumber<number> suffix="₫" style={{ width: 200 }} />
      </Form.Item>
    </Space>
  );
}
