import { describe, expect, it } from 'vitest';
import { abbreviateUnit, formatVnAddress, oldForm, vnAddressOf, type VnAddress } from './vn-address.ts';

const opera: VnAddress = {
  street: '07 Công trường Lam Sơn',
  ward: 'Phường Sài Gòn',
  province: 'Thành phố Hồ Chí Minh',
  oldWard: 'Phường Bến Nghé',
  oldDistrict: 'Quận 1',
};

describe('Vietnamese addresses after the 2025 reform', () => {
  it('shows the new form with the old one in brackets', () => {
    expect(formatVnAddress(opera)).toBe(
      '07 Công trường Lam Sơn, Phường Sài Gòn, TP. Hồ Chí Minh (P. Bến Nghé, Q.1 cũ)',
    );
  });

  it('abbreviates the old units as Vietnamese write them', () => {
    expect(abbreviateUnit('Phường 8')).toBe('P.8');
    expect(abbreviateUnit('Quận Hoàn Kiếm')).toBe('Q. Hoàn Kiếm');
    expect(abbreviateUnit('Huyện Củ Chi')).toBe('H. Củ Chi');
    expect(abbreviateUnit('Thành phố Thủ Đức')).toBe('TP. Thủ Đức');
    expect(abbreviateUnit('Xã Nhuận Đức')).toBe('X. Nhuận Đức');
  });

  it('a province that is not a city keeps its name; no brackets when the old form is unknown', () => {
    expect(
      formatVnAddress({
        ...opera,
        street: null,
        ward: 'Phường Tuần Châu',
        province: 'Tỉnh Quảng Ninh',
        oldWard: null,
        oldDistrict: null,
      }),
    ).toBe('Phường Tuần Châu, Quảng Ninh');
  });

  it('gives the old form in full for the driver', () => {
    expect(oldForm(opera)).toBe('07 Công trường Lam Sơn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh');
  });

  it('reads a row with its embedded ward, and nothing without one', () => {
    expect(
      vnAddressOf({
        street: '07 Công trường Lam Sơn',
        old_ward: 'Phường Bến Nghé',
        old_district: 'Quận 1',
        ward: { name: 'Phường Sài Gòn', province: 'Thành phố Hồ Chí Minh' },
      }),
    ).toEqual(opera);
    expect(vnAddressOf({ street: 'x', ward: null })).toBeNull();
  });
});
