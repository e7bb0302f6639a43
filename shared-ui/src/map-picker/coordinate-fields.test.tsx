// The one set of coordinate fields, as its two users use it: bound to a screen's state (the account's new map:
// a position placed once both numbers are there, rounded to six decimals; the zoom kept whole and within 1–20;
// the position's error shown) and bound to a form (the dashboard's editor and settings: out-of-range values
// refused with the caller's message).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { CoordinateFields } from './coordinate-fields.tsx';

// antd's form grid asks matchMedia, which jsdom lacks: no query matches.
const noMatch = {
  matches: false,
  addListener() {},
  removeListener() {},
  addEventListener() {},
  removeEventListener() {},
};
window.matchMedia ??= (() => noMatch) as unknown as typeof window.matchMedia;

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const labels = { latitude: 'Latitude', longitude: 'Longitude', zoom: 'Zoom' };
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('CoordinateFields bound to state', () => {
  const setup = (value: { latitude: number | null; longitude: number | null; zoom: number }, error?: string) => {
    const on = { onType: vi.fn(), onPlace: vi.fn(), onZoom: vi.fn() };
    render(
      <CoordinateFields
        bind="state"
        labels={labels}
        ids={{ latitude: 'lat', longitude: 'lng', zoom: 'zoom' }}
        value={value}
        error={error}
        {...on}
      />,
    );
    return on;
  };

  it('places the position, rounded to six decimals, once both numbers are there', () => {
    const on = setup({ latitude: 10.7769, longitude: null, zoom: 16 });
    type('Longitude', '106.70091234');
    expect(on.onType).toHaveBeenCalledWith('longitude', 106.70091234);
    expect(on.onPlace).toHaveBeenCalledWith({ latitude: 10.7769, longitude: 106.700912 });
  });

  it('types without placing while the other number is missing', () => {
    const on = setup({ latitude: null, longitude: null, zoom: 16 });
    type('Latitude', '10.5');
    expect(on.onType).toHaveBeenCalledWith('latitude', 10.5);
    expect(on.onPlace).not.toHaveBeenCalled();
  });

  it('keeps the zoom whole', () => {
    const on = setup({ latitude: 10, longitude: 106, zoom: 16 });
    type('Zoom', '12');
    expect(on.onZoom).toHaveBeenLastCalledWith(12);
  });

  it('shows the position’s error', () => {
    setup({ latitude: null, longitude: null, zoom: 16 }, 'Choose a position on the map');
    expect(screen.getByRole('alert').textContent).toBe('Choose a position on the map');
  });
});

describe('CoordinateFields bound to a form', () => {
  it('refuses a latitude out of range and a missing longitude, with the caller’s messages', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish} initialValues={{ latitude: 95 }}>
        <CoordinateFields
          bind="form"
          labels={{ latitude: 'Latitude', longitude: 'Longitude' }}
          messages={{ required: 'Required', latitude: 'Between -90 and 90', longitude: 'Between -180 and 180' }}
        />
        <Button htmlType="submit">Save</Button>
      </Form>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Between -90 and 90')).toBeTruthy();
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});
