import { describe, expect, it } from 'vitest';
import { RANK, fold, queryWords, searchRank } from './search.ts';
import type { Activity } from '../../../lib/utils/types.ts';

const pho = {
  title: { en: 'Pho Hoa Pasteur', vi: 'Phở Hòa Pasteur' },
  tags: ['pho', 'breakfast'],
  category: 'food',
  address: null,
  address_local: 'Võ Thị Sáu, Quận 3',
} as unknown as Activity;
const dac = {
  title: { en: 'Local specialities', vi: 'Đặc sản Sài Gòn' },
  tags: [],
  category: 'food',
  address: null,
  address_local: null,
} as unknown as Activity;
/** Whether the list shows the place for the query (as the search box asks: searchRank, for an English reader). */
const matches = (a: Activity, query: string) => searchRank(a, queryWords(query), 'en') !== null;

describe('diacritics-insensitive search', () => {
  it('folds Vietnamese marks, đ and case', () => {
    expect(fold('Phở Hòa')).toBe('pho hoa');
    expect(fold('  ĐẶC   sản ')).toBe('dac san');
    expect(fold('Crème Brûlée')).toBe('creme brulee');
  });
  it('"pho" finds "Phở", and a marked query finds unmarked text', () => {
    expect(matches(pho, 'pho')).toBe(true);
    expect(matches(pho, 'PHỞ hoà')).toBe(true);
    expect(matches(dac, 'dac san')).toBe(true);
  });
  it('every word must match; an empty query matches everything', () => {
    expect(matches(pho, 'pho sushi')).toBe(false);
    expect(matches(pho, 'quan 3')).toBe(true);
    expect(matches(dac, '   ')).toBe(true);
  });
});

describe('ranked search over names in six languages', () => {
  const place = (
    slug: string,
    title: Record<string, string>,
    description: Record<string, string>,
    tags: string[] = [],
  ) =>
    ({ slug, title, description, tags, category: 'sight', address: null, address_local: null }) as unknown as Activity;
  // In the order of a hotel's list: the walking street and City Hall come before the phở shops.
  const list = [
    place(
      'nguyen-hue-walking-street',
      {
        en: 'Nguyen Hue Walking Street',
        vi: 'Phố đi bộ Nguyễn Huệ',
        zh: '阮惠步行街',
        ko: '응우옌후에 거리',
        ja: 'グエンフエ通り',
      },
      { en: 'Wide pedestrian boulevard.', vi: 'Đại lộ đi bộ.' },
    ),
    place(
      'city-hall',
      { en: 'City Hall (People’s Committee)', vi: 'Trụ sở UBND Thành phố', zh: '胡志明市人民委员会大楼' },
      { en: 'Best seen lit up at night from Nguyen Hue.', vi: 'Đẹp nhất khi nhìn từ phố Nguyễn Huệ.' },
    ),
    place(
      'book-street',
      { en: 'Nguyen Van Binh Book Street', vi: 'Đường sách Nguyễn Văn Bình' },
      { en: 'Bookshops; try the pho stall at the corner.', vi: 'Nhà sách.' },
    ),
    place(
      'pho-hoa-pasteur',
      {
        en: 'Pho Hoa Pasteur',
        vi: 'Phở Hòa Pasteur',
        zh: '河粉和 Pasteur 店',
        ko: '퍼호아 파스퇴르',
        ja: 'フォー・ホア',
      },
      { en: 'Beef noodle soup.' },
      ['pho'],
    ),
    place('pho-le', { en: 'Pho Le', vi: 'Phở Lệ', ko: '퍼레 쌀국수' }, { en: 'Rich southern-style broth.' }, ['pho']),
  ];
  const search = (query: string, locale: string) =>
    list
      .map((a) => ({ slug: a.slug, rank: searchRank(a, queryWords(query), locale) }))
      .filter((r) => r.rank !== null)
      .sort((x, y) => x.rank! - y.rank!)
      .map((r) => r.slug);

  it('"pho": the phở shops first (name as shown), then names in another language, then descriptions', () => {
    expect(search('pho', 'en-US')).toEqual([
      'pho-hoa-pasteur',
      'pho-le',
      'nguyen-hue-walking-street',
      'city-hall',
      'book-street',
    ]);
  });
  it('finds places by their Chinese, Korean and Japanese names, whatever the page language', () => {
    expect(search('步行街', 'en-US')).toEqual(['nguyen-hue-walking-street']);
    expect(search('쌀국수', 'ko-KR')).toEqual(['pho-le']);
    expect(search('ﾌｫｰ', 'ja-JP')).toEqual(['pho-hoa-pasteur']); // half-width katakana typed
    expect(search('人民委员会', 'zh-CN')).toEqual(['city-hall']);
  });
  it('places read in English and Vietnamese only are found by names in other languages once those are known', () => {
    const readInEnglish = list.map((a) => ({ ...a, title: { en: a.title.en, vi: a.title.vi } }) as Activity);
    const names = new Map(list.map((a) => [a.slug, a.title]));
    const found = (q: string, all?: typeof names) =>
      readInEnglish.filter((a) => searchRank(a, queryWords(q), 'en-US', all?.get(a.slug)) !== null).map((a) => a.slug);
    expect(found('步行街')).toEqual([]);
    expect(found('步行街', names)).toEqual(['nguyen-hue-walking-street']);
    expect(searchRank(readInEnglish[0]!, queryWords('거리'), 'en-US', names.get(readInEnglish[0]!.slug))).toBe(
      RANK.otherName + 1,
    );
  });
  it('a guest reading Korean sees a Korean-name match first', () => {
    expect(search('거리', 'ko-KR')).toEqual(['nguyen-hue-walking-street']);
    expect(searchRank(list[0]!, queryWords('walking'), 'ko-KR')).toBe(RANK.otherName + 1);
    expect(searchRank(list[0]!, queryWords('거리'), 'ko-KR')).toBe(RANK.shownName + 1);
  });
  it('a Vietnamese guest: every name has "pho" in it (Phở, Phố, Thành phố); places tagged pho come first', () => {
    // (The book street's "pho" is in its English description only: not what a Vietnamese guest reads.)
    expect(search('pho', 'vi-VN')).toEqual(['pho-hoa-pasteur', 'pho-le', 'nguyen-hue-walking-street', 'city-hall']);
  });
});

describe('search by the address in either form (2025 reform)', () => {
  const church = {
    title: { en: 'Tan Dinh Church', vi: 'Nhà thờ Tân Định' },
    tags: [],
    category: 'sight',
    address: null,
    address_local: null,
    street: '289 Hai Bà Trưng',
    old_ward: 'Phường Võ Thị Sáu',
    old_district: 'Quận 3',
    ward: { name: 'Phường Xuân Hòa', province: 'Thành phố Hồ Chí Minh' },
  } as unknown as Activity;
  const opera = {
    title: { en: 'Saigon Opera House', vi: 'Nhà hát Thành phố' },
    tags: [],
    category: 'culture',
    address: null,
    address_local: null,
    street: '07 Công trường Lam Sơn',
    old_ward: 'Phường Bến Nghé',
    old_district: 'Quận 1',
    ward: { name: 'Phường Sài Gòn', province: 'Thành phố Hồ Chí Minh' },
  } as unknown as Activity;

  it('finds a place by its new ward, with or without tone marks and in either placement ("Hoà" = "Hòa")', () => {
    for (const q of ['Xuân Hòa', 'Xuân Hoà', 'xuan hoa', 'XUÂN HOÀ']) expect(matches(church, q)).toBe(true);
    expect(matches(opera, 'phuong sai gon')).toBe(true);
    expect(matches(opera, 'xuan hoa')).toBe(false);
  });

  it('finds a place by its old ward and district, written out or abbreviated', () => {
    expect(matches(opera, 'Bến Nghé')).toBe(true);
    expect(matches(opera, 'ben nghe quan 1')).toBe(true);
    expect(matches(opera, 'P. Bến Nghé, Q.1')).toBe(true);
    expect(matches(church, 'vo thi sau')).toBe(true);
  });
});
