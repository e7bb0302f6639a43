// The traveller filters (docs/filters.md): each rule over OSM-style tags, "open late" from the opening hours, and
// their combination with the categories, search and "open now" in the list the guest sees.
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { Activity, OpeningHours } from '../../../lib/utils/types.ts';
import { usePlaceEntries } from '../hooks/use-place-entries.ts';
import { lateMoment, offeredFilters, placeFilterMatch } from './place-filters.ts';

const TZ = 'Asia/Ho_Chi_Minh';
const every = (open: string, close: string): OpeningHours =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [[open, close]]]));

const place = (slug: string, category: string, attributes: object, hours: OpeningHours | null = null) =>
  ({
    id: slug,
    slug,
    category,
    title: { en: slug.replace(/-/g, ' ') },
    tags: [],
    latitude: 10.77,
    longitude: 106.7,
    opening_hours: hours,
    attributes,
  }) as unknown as Activity;

const hum = place(
  'hum-vegetarian',
  'food',
  { 'diet:vegetarian': 'only', 'diet:vegan': 'yes', wheelchair: 'limited' },
  every('10:00', '22:00'),
);
const garden = place(
  'secret-garden',
  'food',
  { 'diet:vegetarian': 'yes', 'payment:cards': 'yes' },
  every('11:00', '23:00'),
);
const workshop = place(
  'workshop-coffee',
  'cafe',
  { 'diet:vegan': 'yes', 'payment:contactless': 'yes', wheelchair: 'no' },
  every('08:00', '21:00'),
);
const pho = place('pho-hoa', 'food', { 'diet:vegetarian': 'no', 'payment:vietqr': 'yes' }, every('06:00', '22:00'));
const bar = place('rooftop-bar', 'nightlife', { 'diet:halal': 'only', wheelchair: 'yes' }, every('17:00', '02:00'));
const unknown = place('old-place', 'sight', {}, null);
const raw = place('no-attributes-read', 'sight', undefined as unknown as object, every('00:00', '24:00'));
const ALL = [hum, garden, workshop, pho, bar, unknown, raw];

// Wednesday 2026-12-02 19:00 in Ho Chi Minh City (UTC+7).
const EVENING = new Date('2026-12-02T12:00:00Z');
const slugs = (list: Activity[]) => list.map((a) => a.slug);
const passing = (filters: string[], now = EVENING) => slugs(ALL.filter(placeFilterMatch(filters, now, TZ)));

describe('traveller filters over OSM tags', () => {
  it('vegetarian: yes or only, and vegan food counts as vegetarian', () => {
    expect(passing(['vegetarian'])).toEqual(['hum-vegetarian', 'secret-garden', 'workshop-coffee']);
    expect(passing(['vegan'])).toEqual(['hum-vegetarian', 'workshop-coffee']);
  });
  it('no pork: said, or implied by vegetarian, vegan or halal only', () => {
    expect(passing(['no_pork'])).toEqual(['hum-vegetarian', 'rooftop-bar']);
    expect(passing(['halal'])).toEqual(['rooftop-bar']);
  });
  it('wheelchair: yes and limited, not no; cards: cards or contactless', () => {
    expect(passing(['wheelchair'])).toEqual(['hum-vegetarian', 'rooftop-bar']);
    expect(passing(['cards'])).toEqual(['secret-garden', 'workshop-coffee']);
    expect(passing(['contactless'])).toEqual(['workshop-coffee']);
    expect(passing(['vietqr'])).toEqual(['pho-hoa']);
  });
  it('several filters: every one must hold; unknown names are ignored', () => {
    expect(passing(['vegetarian', 'cards'])).toEqual(['secret-garden', 'workshop-coffee']);
    expect(passing(['vegetarian', 'wheelchair'])).toEqual(['hum-vegetarian']);
    expect(passing(['vegan', 'halal'])).toEqual([]);
    expect(passing(['carnivore'])).toEqual(slugs(ALL));
  });
  it('open late: open at 22:30 on the night under way, from the opening hours; unknown hours are not late', () => {
    expect(passing(['open_late'])).toEqual(['secret-garden', 'rooftop-bar', 'no-attributes-read']);
    // At 01:00 the night under way began yesterday evening: the same places.
    expect(passing(['open_late'], new Date('2026-12-02T18:00:00Z'))).toEqual(passing(['open_late']));
    expect(lateMoment(new Date('2026-12-02T18:00:00Z'), TZ).toISOString()).toBe('2026-12-02T15:30:00.000Z');
    expect(lateMoment(EVENING, TZ).toISOString()).toBe('2026-12-02T15:30:00.000Z');
    expect(passing(['open_late', 'vegetarian'])).toEqual(['secret-garden']);
  });
  it('offers only the filters some place passes, and those already chosen', () => {
    const offered = offeredFilters([hum, pho], ['alipay'], EVENING, TZ);
    expect(offered).toEqual(['vegetarian', 'vegan', 'no_pork', 'wheelchair', 'vietqr', 'alipay']);
  });
});

describe('the list: traveller filters together with categories, search and open now', () => {
  const list = (
    filters: { query?: string; categories?: string[]; openNow?: boolean },
    placeFilters: string[],
    now = EVENING,
  ) => {
    const match = placeFilters.length ? placeFilterMatch(placeFilters, now, TZ) : 'none';
    const { result } = renderHook(() =>
      usePlaceEntries(
        ALL,
        { query: filters.query ?? '', categories: filters.categories ?? [], openNow: filters.openNow ?? false },
        { now, timeZone: TZ, me: null, locale: 'en-US', match },
      ),
    );
    return result.current.entries.map((e) => e.activity.slug);
  };

  it('each narrows what the others let through', () => {
    expect(list({}, ['vegetarian'])).toEqual(['hum-vegetarian', 'secret-garden', 'workshop-coffee']);
    expect(list({ categories: ['food'] }, ['vegetarian'])).toEqual(['hum-vegetarian', 'secret-garden']);
    expect(list({ categories: ['cafe'] }, ['vegetarian'])).toEqual(['workshop-coffee']);
    expect(list({ query: 'garden' }, ['vegetarian'])).toEqual(['secret-garden']);
    expect(list({ query: 'pho' }, ['vegetarian'])).toEqual([]);
    // At 19:00 the café (08:00–21:00) is open; at 21:30 it has closed.
    expect(list({ openNow: true }, ['vegetarian'])).toEqual(['hum-vegetarian', 'secret-garden', 'workshop-coffee']);
    expect(list({ openNow: true }, ['vegetarian'], new Date('2026-12-02T14:30:00Z'))).toEqual([
      'hum-vegetarian',
      'secret-garden',
    ]);
    expect(list({ categories: ['food', 'nightlife'], openNow: true }, ['wheelchair'])).toEqual([
      'hum-vegetarian',
      'rooftop-bar',
    ]);
  });

  it('no place while the filters’ code is still downloading; every place with none on', () => {
    const { result } = renderHook(() =>
      usePlaceEntries(
        ALL,
        { query: '', categories: [], openNow: false },
        { now: EVENING, timeZone: TZ, me: null, locale: 'en-US', match: 'loading' },
      ),
    );
    expect(result.current.entries).toEqual([]);
    expect(list({}, [])).toEqual(slugs(ALL));
  });
});
