import { describe, expect, it } from 'vitest';
import { hotelContact } from './emergency-contacts.ts';
import { EMERGENCY_NUMBERS } from './emergency-numbers.ts';

const RIVERSIDE = {
  kind: 'hotel' as const,
  name: 'Saigon Riverside Hotel',
  phone: '+84 28 3823 4567',
  street: '10 Tôn Đức Thắng',
  old_ward: 'Phường Bến Nghé',
  old_district: 'Quận 1',
  ward: { name: 'Phường Sài Gòn', province: 'Thành phố Hồ Chí Minh' },
};

describe('the emergency numbers', () => {
  it('113 police, 114 fire, 115 ambulance, each a tel: link of the number alone', () => {
    expect(EMERGENCY_NUMBERS.map((n) => [n.key, n.href])).toEqual([
      ['police', 'tel:113'],
      ['fire', 'tel:114'],
      ['ambulance', 'tel:115'],
    ]);
    expect(EMERGENCY_NUMBERS.map((n) => n.vi)).toEqual(['Công an', 'Cứu hỏa', 'Cấp cứu']);
  });
});

describe('the hotel’s contact', () => {
  it('phone as written and as a dialler’s tel: link; the address in the new form, the old form in full', () => {
    expect(hotelContact(RIVERSIDE)).toEqual({
      name: 'Saigon Riverside Hotel',
      phone: '+84 28 3823 4567',
      tel: 'tel:+842838234567',
      address: '10 Tôn Đức Thắng, Phường Sài Gòn, TP. Hồ Chí Minh',
      oldAddress: '10 Tôn Đức Thắng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
    });
  });
  it('a hotel without a phone or a ward: what it has, nothing made up', () => {
    expect(hotelContact({ ...RIVERSIDE, phone: '  ', ward: null })).toEqual({
      name: 'Saigon Riverside Hotel',
      phone: null,
      tel: null,
      address: null,
      oldAddress: null,
    });
    expect(hotelContact({ ...RIVERSIDE, old_ward: null, old_district: null })?.oldAddress).toBeNull();
  });
  it('a city map has no hotel', () => {
    expect(hotelContact({ ...RIVERSIDE, kind: 'city', name: 'Ho Chi Minh City' })).toBeNull();
  });
});
