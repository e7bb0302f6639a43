// The boundaries below are test fixtures (rectangles around the named points), not real ward boundaries: the
// shipped data has none yet (docs/addresses.md). Ward names, codes and old units are the real ones.
import { describe, expect, it } from 'vitest';
import { proposeAddress, wardAt, type WardBoundary, type WardRow } from './ward-from-pin.ts';

const box = (south: number, west: number, north: number, east: number): WardBoundary => ({
  type: 'Polygon',
  coordinates: [
    [
      [west, south],
      [east, south],
      [east, north],
      [west, north],
      [west, south],
    ],
  ],
});

const saiGon: WardRow = {
  code: '26740',
  name: 'Phường Sài Gòn',
  province: 'Thành phố Hồ Chí Minh',
  old_units: [
    { code: '26737', ward: 'Phường Đa Kao', district: 'Quận 1', split: true },
    { code: '26740', ward: 'Phường Bến Nghé', district: 'Quận 1', split: false },
    { code: '26746', ward: 'Phường Nguyễn Thái Bình', district: 'Quận 1', split: true },
  ],
  boundary: box(10.772, 106.698, 10.79, 106.712),
};
const xuanHoa: WardRow = {
  code: '27139',
  name: 'Phường Xuân Hòa',
  province: 'Thành phố Hồ Chí Minh',
  old_units: [
    { code: '27139', ward: 'Phường Võ Thị Sáu', district: 'Quận 3', split: false },
    { code: '27148', ward: 'Phường 4', district: 'Quận 3', split: true },
  ],
  boundary: box(10.774, 106.681, 10.789, 106.6915),
};
const tanDinh: WardRow = {
  code: '26737',
  name: 'Phường Tân Định',
  province: 'Thành phố Hồ Chí Minh',
  old_units: [{ code: '26734', ward: 'Phường Tân Định', district: 'Quận 1', split: false }],
  // Its centre (10.7917, 106.693) is nearer the church than Xuân Hòa's: only the boundary decides.
  boundary: box(10.7885, 106.684, 10.797, 106.696),
};
const wards = [saiGon, xuanHoa, tanDinh];

describe('the new ward from the pin', () => {
  it('finds the ward whose boundary holds the pin (Opera House → Sài Gòn, Tân Định Church → Xuân Hòa)', () => {
    expect(wardAt(10.7766, 106.7031, wards)?.name).toBe('Phường Sài Gòn');
    expect(wardAt(10.7883, 106.6908, wards)?.name).toBe('Phường Xuân Hòa');
    expect(wardAt(10.7917, 106.693, wards)?.name).toBe('Phường Tân Định');
  });

  it('never guesses: no boundary holds the pin, or none is known', () => {
    expect(wardAt(21.0288, 105.8525, wards)).toBeNull();
    expect(proposeAddress(10.7766, 106.7031, [{ ...saiGon, boundary: null }])).toBeNull();
  });

  it('proposes the old ward when one old ward made the new one, and asks nobody', () => {
    expect(proposeAddress(10.7917, 106.693, wards)).toMatchObject({
      oldWard: 'Phường Tân Định',
      oldDistrict: 'Quận 1',
      needsReview: false,
    });
  });

  it('flags a ward made from several old wards, split ones among them, and offers them', () => {
    const p = proposeAddress(10.7766, 106.7031, wards)!;
    expect(p.ward.code).toBe('26740');
    expect(p).toMatchObject({ oldWard: null, oldDistrict: 'Quận 1', needsReview: true });
    expect(p.candidates.map((c) => c.ward)).toEqual(['Phường Đa Kao', 'Phường Bến Nghé', 'Phường Nguyễn Thái Bình']);
  });

  it('flags a pin in an old ward that was split even when it alone made the new ward', () => {
    const splitOnly: WardRow = { ...tanDinh, old_units: [{ ...tanDinh.old_units[0], split: true }] };
    expect(proposeAddress(10.7917, 106.693, [splitOnly])).toMatchObject({
      oldWard: 'Phường Tân Định',
      needsReview: true,
    });
  });
});
