import { describe, expect, it } from 'vitest';
import type { Tables } from '@guestmap/shared-ui/database';
import { settingsPatch, settingsValues } from './settings-values.ts';

const customer: Tables<'customers'> = {
  id: 'h',
  kind: 'hotel',
  package: 'basic',
  name: 'Hotel',
  tagline: null,
  phone: '+84 28 3823 4567',
  primary_color: '#123456',
  logo_url: null,
  cover_url: 'https://x.test/c.png',
  welcome: { en: 'Welcome', vi: 'Xin chào' },
  latitude: 10.7,
  longitude: 106.7,
  zoom: 14,
  is_public: true,
  require_mfa: false,
  rewards_reinvestment_pct: 10,
  time_zone: 'Asia/Ho_Chi_Minh',
  street: '10 Tôn Đức Thắng',
  ward_code: '26740',
  old_ward: 'Phường Bến Nghé',
  old_district: 'Quận 1',
  ward_needs_review: false,
  created_by: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('the settings form and the customer row', () => {
  it('shows the row and saves the same values back', () => {
    const v = settingsValues(customer);
    expect(v).toMatchObject({ name: 'Hotel', tagline: '', logo_url: '', welcome_en: 'Welcome', welcome_ja: '' });
    expect(settingsPatch(v, 'hotel')).toEqual({
      name: 'Hotel',
      tagline: null,
      phone: '+84 28 3823 4567',
      primary_color: '#123456',
      logo_url: null,
      cover_url: 'https://x.test/c.png',
      welcome: { en: 'Welcome', vi: 'Xin chào' },
      latitude: 10.7,
      longitude: 106.7,
      zoom: 14,
      is_public: true,
      require_mfa: false,
      rewards_reinvestment_pct: 10,
      street: '10 Tôn Đức Thắng',
      ward_code: '26740',
      old_ward: 'Phường Bến Nghé',
      old_district: 'Quận 1',
      ward_needs_review: false,
    });
  });

  it('trims texts and stores an emptied optional field as null', () => {
    const v = { ...settingsValues(customer), name: '  New  ', tagline: '   ', primary_color: '', welcome_vi: '  ' };
    const patch = settingsPatch(v, 'hotel');
    expect(patch.name).toBe('New');
    expect(patch.tagline).toBeNull();
    expect(settingsPatch({ ...v, phone: '  ' }, 'hotel').phone).toBeNull();
    expect(patch.primary_color).toBeNull();
    expect(patch.welcome).toEqual({ en: 'Welcome' });
    expect(
      settingsPatch({ ...v, street: ' 12 Hàm Nghi ', old_ward: ' ', ward_code: undefined }, 'hotel'),
    ).toMatchObject({
      street: '12 Hàm Nghi',
      old_ward: null,
      ward_code: null,
    });
  });

  it("writes a hotel's address; a city's map has none and its settings leave the columns alone", () => {
    const v = settingsValues({ ...customer, kind: 'city' });
    expect(Object.keys(settingsPatch(v, 'city'))).not.toContain('street');
    expect(Object.keys(settingsPatch(v, 'city'))).not.toContain('ward_code');
  });
});
