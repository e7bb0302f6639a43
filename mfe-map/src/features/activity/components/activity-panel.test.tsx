// The activity panel in jsdom with the real catalogues: language fallback, text rendered as text,
// partner offer and disclosure, opening status.
import { afterEach, beforeAll, describe, expect, it, vi as vitest } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import vi from '../../../locales/vi.json';
import fr from '../../../locales/fr.json';
import { ActivityPanel } from './activity-panel.tsx';
import type { Activity } from '../../../lib/utils/types.ts';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'vi',
    fallbackLng: 'en',
    ns: ['map'],
    defaultNS: 'map',
    resources: { en: { map: en }, vi: { map: vi }, fr: { map: fr } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const base: Activity = {
  id: 'a1',
  customer_id: 'saigon-riverside-hotel',
  slug: 'x',
  category: 'food',
  title: { en: '<img src=x onerror=alert(1)> Bún chả', vi: undefined },
  description: { en: 'Grilled pork', vi: 'Thịt nướng' },
  latitude: 10.77,
  longitude: 106.7,
  address: '1 Le Loi',
  address_local: '1 Lê Lợi, Quận 1',
  phone: '+84 28 1234 5678',
  website: 'javascript:alert(1)',
  price_level: 2,
  price_min_vnd: null,
  price_max_vnd: null,
  opening_hours: null,
  photos: [],
  tags: [],
  is_partner: true,
  guest_offer: { en: '10% off', vi: 'Giảm 10%' },
  sort_order: 0,
  street: null,
  old_ward: null,
  old_district: null,
};
const props = {
  locale: 'vi-VN' as const,
  now: new Date('2026-11-23T05:00:00Z'),
  timeZone: 'Asia/Ho_Chi_Minh',
  hotelName: 'Saigon Riverside Hotel',
  saved: false,
  onClose: () => {},
  onFavourite: () => {},
  onShare: () => {},
  onDirections: () => {},
};

describe('ActivityPanel', () => {
  it('falls back to English per field, renders markup as literal text, and drops non-http links', () => {
    const { container } = render(<ActivityPanel activity={base} {...props} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('<img src=x onerror=alert(1)> Bún chả');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Thịt nướng')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Trang web' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Gọi' }).getAttribute('href')).toBe('tel:+842812345678');
  });
  it('shows the guest offer with the commission disclosure, and "Hours unknown"', () => {
    render(<ActivityPanel activity={base} {...props} />);
    expect(screen.getByText('Giảm 10%')).toBeTruthy();
    expect(screen.getByText(/Saigon Riverside Hotel là đối tác/)).toBeTruthy();
    expect(screen.getByText('Chưa rõ giờ mở cửa')).toBeTruthy();
  });
  it('closing soon in the city time zone, and the driver card in the local script', () => {
    const hours = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [['08:00', '12:20']]]),
    );
    render(<ActivityPanel activity={{ ...base, opening_hours: hours }} {...props} />);
    // 05:00 UTC is 12:00 in Saigon: closes in 20 minutes.
    expect(screen.getByText('Đóng cửa sau 20 phút')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Đưa tài xế xem' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('1 Lê Lợi, Quận 1');
  });
  it('a place in Vietnam: the new form with the old one in brackets in any language; the driver card shows both', () => {
    const opera = {
      ...base,
      street: '07 Công trường Lam Sơn',
      old_ward: 'Phường Bến Nghé',
      old_district: 'Quận 1',
      ward: { name: 'Phường Sài Gòn', province: 'Thành phố Hồ Chí Minh' },
    };
    render(<ActivityPanel activity={opera} {...props} locale="en-US" />);
    const line = screen.getByText('07 Công trường Lam Sơn, Phường Sài Gòn, TP. Hồ Chí Minh (P. Bến Nghé, Q.1 cũ)');
    expect(line.getAttribute('lang')).toBe('vi');
    expect(screen.queryByText('1 Le Loi')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Đưa tài xế xem' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('07 Công trường Lam Sơn, Phường Sài Gòn, TP. Hồ Chí Minh');
    expect(dialog.textContent).toContain(
      '(Địa chỉ cũ: 07 Công trường Lam Sơn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh)',
    );
  });
  it('calls back for directions, share and favourite', () => {
    const onDirections = vitest.fn();
    const onShare = vitest.fn();
    const onFavourite = vitest.fn();
    render(
      <ActivityPanel
        activity={base}
        {...props}
        onDirections={onDirections}
        onShare={onShare}
        onFavourite={onFavourite}
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Chỉ đường (Google Maps)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Chia sẻ' }));
    fireEvent.click(screen.getByRole('button', { name: /Lưu/ }));
    expect([onDirections.mock.calls.length, onShare.mock.calls.length, onFavourite.mock.calls.length]).toEqual([
      1, 1, 1,
    ]);
  });
});
