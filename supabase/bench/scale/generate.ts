// The scale data set (issue 31): a deterministic, seeded generator of COPY streams (PostgreSQL text
// format) for 1,000 hotels in 10 cities, 60,000 places, 50,000 users, 10 million analytics events over
// 12 months, 1 million partner transactions, 2 million reward plays and the vouchers, points and
// commission rates that go with them. `scale` 0.1 gives the tenth-size set (100 hotels, 6,000 places,
// 5,000 users, 1 M events, 100 k transactions, 200 k plays; still 10 cities).
//
// Same seed + same end date = the same bytes. Every row satisfies the schema's constraints and the
// triggers' rules (package limits, voucher prizes naming a partner of the same hotel, one play per user,
// campaign, hotel day and slot, the commission split, confirmed voucher redemptions, …); see
// docs/scale.md for the shape of the data and load.ts for how it is loaded.

import { CATEGORIES as ALL_CATEGORIES } from '../../../shared-ui/src/categories.js';

export interface ScaleOptions {
  /** 1 = full size, 0.1 = the tenth. */
  scale: number;
  seed: number;
  /** Exclusive end of the 12 months (a UTC midnight); the data covers the 365 days before it. */
  end: Date;
}

export interface CopyTable {
  table: string;
  columns: string[];
  /** Whether the table's row triggers run during the load (false: loaded with triggers off). */
  triggers: boolean;
  /** Lines of COPY text (tab-separated, \N for null), each ending with "\n", in chunks. */
  chunks: () => Generator<string>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CHUNK = 20_000;

/** A counter-based hash (deterministic, well mixed): 32 bits from (seed, stream, n, k). */
function mix(seed: number, stream: number, n: number, k = 0): number {
  let h = (seed ^ Math.imul(stream + 1, 0x9e3779b1) ^ Math.imul(k + 1, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (n >>> 0), 0xcc9e2d51) >>> 0;
  h = Math.imul(h ^ Math.floor(n / 2 ** 32), 0x1b873593) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded stream of numbers in [0, 1). */
function rng(seed: number, stream: number) {
  let n = 0;
  return () => mix(seed, stream, n++) / 2 ** 32;
}

const hex8 = (v: number) => v.toString(16).padStart(8, '0');

/** A random-looking version-4 UUID, a function of (seed, kind, n) only. */
function uuid(seed: number, kind: number, n: number): string {
  const a = mix(seed, 1000 + kind, n, 0);
  const b = mix(seed, 1000 + kind, n, 1);
  const c = mix(seed, 1000 + kind, n, 2);
  const d = mix(seed, 1000 + kind, n, 3);
  const bh = hex8(b);
  const ch = hex8(c);
  return `${hex8(a)}-${bh.slice(0, 4)}-4${bh.slice(5, 8)}-${(((c >>> 28) & 0x3) | 0x8).toString(16)}${ch.slice(1, 4)}-${ch.slice(4, 8)}${hex8(d)}`;
}

const K = { user: 1, activity: 2, campaign: 3, prize: 4, play: 5, voucher: 6, tx: 7, visitor: 8, rate: 9 };

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Unique voucher codes: 4 hashed characters, then n in base 32 (6 characters). */
function voucherCode(seed: number, n: number): string {
  let h = mix(seed, 77, n);
  let s = '';
  for (let i = 0; i < 4; i++, h >>>= 5) s += ALPHABET[h & 31];
  let v = n;
  let t = '';
  for (let i = 0; i < 6; i++, v = Math.floor(v / 32)) t = ALPHABET[v % 32] + t;
  return s + t;
}

/** round() of PostgreSQL numeric for a non-negative rational num/den: half away from zero. */
const roundDiv = (num: number, den: number) => Math.floor((2 * num + den) / (2 * den));

const iso = (ms: number) => new Date(ms).toISOString();
const q = (v: string | number | boolean | null) => (v === null ? '\\N' : String(v));
const line = (vals: (string | number | boolean | null)[]) => vals.map(q).join('\t') + '\n';

const CITIES = [
  { slug: 'scale-city-saigon', name: 'Saigon', lat: 10.7769, lng: 106.7009, tz: 'Asia/Ho_Chi_Minh', offset: 7 },
  { slug: 'scale-city-hanoi', name: 'Hanoi', lat: 21.0285, lng: 105.852, tz: 'Asia/Ho_Chi_Minh', offset: 7 },
  { slug: 'scale-city-danang', name: 'Da Nang', lat: 16.0544, lng: 108.2022, tz: 'Asia/Ho_Chi_Minh', offset: 7 },
  { slug: 'scale-city-hue', name: 'Hue', lat: 16.4637, lng: 107.5909, tz: 'Asia/Ho_Chi_Minh', offset: 7 },
  { slug: 'scale-city-nhatrang', name: 'Nha Trang', lat: 12.2388, lng: 109.1967, tz: 'Asia/Ho_Chi_Minh', offset: 7 },
  { slug: 'scale-city-bangkok', name: 'Bangkok', lat: 13.7563, lng: 100.5018, tz: 'Asia/Bangkok', offset: 7 },
  { slug: 'scale-city-singapore', name: 'Singapore', lat: 1.3521, lng: 103.8198, tz: 'Asia/Singapore', offset: 8 },
  { slug: 'scale-city-tokyo', name: 'Tokyo', lat: 35.6762, lng: 139.6503, tz: 'Asia/Tokyo', offset: 9 },
  { slug: 'scale-city-seoul', name: 'Seoul', lat: 37.5665, lng: 126.978, tz: 'Asia/Seoul', offset: 9 },
  {
    slug: 'scale-city-kualalumpur',
    name: 'Kuala Lumpur',
    lat: 3.139,
    lng: 101.6869,
    tz: 'Asia/Kuala_Lumpur',
    offset: 8,
  },
];
const CITY_CURRENCY = ['VND', 'VND', 'VND', 'VND', 'VND', 'THB', 'SGD', 'JPY', 'KRW', 'USD'];
// The apps' one category list (shared-ui), without family and service: the bench's mix, as before the list was shared.
const CATEGORIES = ALL_CATEGORIES.filter((c) => c !== 'family' && c !== 'service');
const EVENT_TYPES = ['map_view', 'qr_scan', 'activity_view', 'directions_click', 'share', 'favourite'];
// Out of 100: 35 map views, 15 QR scans, 30 place views, 10 directions, 5 shares, 5 favourites.
const EVENT_WEIGHTS = [35, 15, 30, 10, 5, 5];
const NEEDS_PLACE = new Set(['activity_view', 'directions_click', 'favourite']);
const PACKAGES = ['basic', 'basic', 'professional', 'professional', 'premium'] as const;
/** Places per hotel by package: published, then unpublished drafts. */
const PLACES_BY_PACKAGE = { basic: [20, 2], professional: [45, 3], premium: [80, 0] } as const;
export const PARTNERS_PER_HOTEL = 4;
export const PARTNER_PIN = '135792';

export interface Shape {
  hotels: number;
  cities: number;
  users: number;
  events: number;
  transactions: number;
  plays: number;
  places: number;
  start: number;
  end: number;
}

export interface Hotel {
  id: string;
  index: number;
  city: number;
  package: (typeof PACKAGES)[number];
  published: number;
  drafts: number;
  /** Index of the hotel's first place in the global place numbering. */
  firstPlace: number;
  tz: string;
  offset: number;
  currency: string;
  reinvestmentPct: number;
  moderator: number;
}

export interface Place {
  n: number;
  customer: string;
  published: boolean;
  partner: boolean;
  /** Commission rate in thousandths (partners). */
  rate: number;
}

/** The whole data set's skeleton (customers and places), computed without writing anything. */
export function plan(opts: ScaleOptions) {
  const { scale, seed } = opts;
  const end = Date.UTC(opts.end.getUTCFullYear(), opts.end.getUTCMonth(), opts.end.getUTCDate());
  const start = end - 365 * DAY;
  const hotelsN = Math.round(1000 * scale);
  const placesTarget = Math.round(60_000 * scale);
  const hotels: Hotel[] = [];
  let place = 0;
  for (let i = 0; i < hotelsN; i++) {
    const pkg = PACKAGES[i % PACKAGES.length]!;
    const [published, drafts] = PLACES_BY_PACKAGE[pkg];
    const city = i % CITIES.length;
    hotels.push({
      id: `scale-hotel-${String(i + 1).padStart(4, '0')}`,
      index: i,
      city,
      package: pkg,
      published,
      drafts,
      firstPlace: place,
      tz: CITIES[city]!.tz,
      offset: CITIES[city]!.offset,
      currency: CITY_CURRENCY[city]!,
      reinvestmentPct: [0, 10, 15][i % 3]!,
      moderator: i,
    });
    place += published + drafts;
  }
  // Cities take the rest of the places: the first city has 10,000 (1,000 at a tenth) for the map test.
  const cityPlacesTotal = Math.max(placesTarget - place, CITIES.length);
  const bigCity = Math.min(Math.round(10_000 * scale), cityPlacesTotal - (CITIES.length - 1));
  const cityPlaces = CITIES.map((_, c) =>
    c === 0
      ? bigCity
      : Math.floor((cityPlacesTotal - bigCity) / (CITIES.length - 1)) +
        (c <= (cityPlacesTotal - bigCity) % (CITIES.length - 1) ? 1 : 0),
  );
  const cityFirst: number[] = [];
  for (const n of cityPlaces) {
    cityFirst.push(place);
    place += n;
  }
  const shape: Shape = {
    hotels: hotelsN,
    cities: CITIES.length,
    users: Math.round(50_000 * scale),
    events: Math.round(10_000_000 * scale),
    transactions: Math.round(1_000_000 * scale),
    plays: Math.round(2_000_000 * scale),
    places: place,
    start,
    end,
  };
  const partnerRate = (h: number, k: number) => 50 + (mix(seed, 3, h, k) % 151); // 0.050 … 0.200
  return { shape, hotels, cityPlaces, cityFirst, partnerRate };
}

export function tables(opts: ScaleOptions): CopyTable[] {
  const { seed } = opts;
  const { shape, hotels, cityPlaces, cityFirst, partnerRate } = plan(opts);
  const { start, end } = shape;
  const created = start - 30 * DAY;
  const userId = (u: number) => uuid(seed, K.user, u);
  const placeId = (n: number) => uuid(seed, K.activity, n);
  const campaignId = (h: number) => uuid(seed, K.campaign, h);
  const prizeId = (h: number, k: number) => uuid(seed, K.prize, h * 8 + k);
  const cityModerator = (c: number) => shape.hotels + c;

  function* chunked(rows: () => Generator<string>): Generator<string> {
    let buf: string[] = [];
    for (const r of rows()) {
      buf.push(r);
      if (buf.length >= CHUNK) {
        yield buf.join('');
        buf = [];
      }
    }
    if (buf.length) yield buf.join('');
  }

  // Prizes of hotel h: 0 points (weight 50), 1 nothing (38), 2.. vouchers at its partners (3 each).
  const prizeWeights = [50, 38, ...Array.from({ length: PARTNERS_PER_HOTEL }, () => 3)];
  const prizeTotal = prizeWeights.reduce((a, b) => a + b, 0);

  const t: CopyTable[] = [];

  t.push({
    table: 'auth.users',
    columns: [
      'instance_id',
      'id',
      'aud',
      'role',
      'email',
      'encrypted_password',
      'email_confirmed_at',
      'raw_app_meta_data',
      'raw_user_meta_data',
      'created_at',
      'updated_at',
      'is_anonymous',
    ],
    triggers: true, // on_auth_user_created makes each profile
    chunks: () =>
      chunked(function* () {
        for (let u = 0; u < shape.users; u++) {
          const at = iso(created - (u % 300) * HOUR);
          yield line([
            '00000000-0000-0000-0000-000000000000',
            userId(u),
            'authenticated',
            'authenticated',
            `user${String(u).padStart(6, '0')}@scale.test`,
            '',
            at,
            '{"provider": "email", "providers": ["email"]}',
            `{"nickname": "Guest ${u}"}`,
            at,
            at,
            false,
          ]);
        }
      }),
  });

  t.push({
    table: 'public.customers',
    columns: [
      'id',
      'kind',
      'name',
      'tagline',
      'latitude',
      'longitude',
      'zoom',
      'primary_color',
      'welcome',
      'package',
      'is_public',
      'rewards_reinvestment_pct',
      'created_by',
      'created_at',
      'time_zone',
    ],
    triggers: true,
    chunks: () =>
      chunked(function* () {
        for (let c = 0; c < CITIES.length; c++) {
          const city = CITIES[c]!;
          yield line([
            city.slug,
            'city',
            city.name,
            `The best of ${city.name}`,
            city.lat,
            city.lng,
            14,
            '#5AB77B',
            `{"en": "Welcome to ${city.name}!"}`,
            null,
            true,
            10,
            userId(cityModerator(c)),
            iso(created),
            city.tz,
          ]);
        }
        for (const h of hotels) {
          const city = CITIES[h.city]!;
          const r = rng(seed, 10_000 + h.index);
          yield line([
            h.id,
            'hotel',
            `Hotel ${h.index + 1} ${city.name}`,
            null,
            (city.lat + (r() - 0.5) * 0.08).toFixed(6),
            (city.lng + (r() - 0.5) * 0.08).toFixed(6),
            15,
            '#0E7C86',
            `{"en": "Welcome to Hotel ${h.index + 1}!"}`,
            h.package,
            true,
            h.reinvestmentPct,
            userId(h.moderator),
            iso(created),
            h.tz,
          ]);
        }
      }),
  });

  t.push({
    table: 'public.customer_moderators',
    columns: ['customer_id', 'user_id', 'created_at'],
    triggers: true,
    chunks: () =>
      chunked(function* () {
        for (let c = 0; c < CITIES.length; c++) yield line([CITIES[c]!.slug, userId(cityModerator(c)), iso(created)]);
        for (const h of hotels) yield line([h.id, userId(h.moderator), iso(created)]);
      }),
  });

  // Users 0 … hotels-1 moderate the hotels, the next 10 the cities; every other user has one hotel (the one
  // they stayed at): u % hotels.
  t.push({
    table: 'public.user_customers',
    columns: ['user_id', 'customer_id', 'created_at'],
    triggers: true,
    chunks: () =>
      chunked(function* () {
        for (let u = shape.hotels + shape.cities; u < shape.users; u++) {
          yield line([userId(u), hotels[u % shape.hotels]!.id, iso(start + (u % 365) * DAY)]);
        }
      }),
  });

  const places = function* (): Generator<Place & { lat: number; lng: number; sort: number; slug: string }> {
    for (const h of hotels) {
      const city = CITIES[h.city]!;
      for (let k = 0; k < h.published + h.drafts; k++) {
        const n = h.firstPlace + k;
        const r = rng(seed, 20_000_000 + n);
        const partner = k < PARTNERS_PER_HOTEL;
        yield {
          n,
          customer: h.id,
          published: k < h.published,
          partner,
          rate: partner ? partnerRate(h.index, k) : 0,
          lat: city.lat + (r() - 0.5) * 0.1,
          lng: city.lng + (r() - 0.5) * 0.1,
          sort: k,
          slug: `place-${k + 1}`,
        };
      }
    }
    for (let c = 0; c < CITIES.length; c++) {
      const city = CITIES[c]!;
      // Spread over about 20 × 20 km; the big city's 10,000 over the same area (a dense map).
      for (let k = 0; k < cityPlaces[c]!; k++) {
        const n = cityFirst[c]! + k;
        const r = rng(seed, 20_000_000 + n);
        yield {
          n,
          customer: city.slug,
          published: k % 20 !== 19,
          partner: false,
          rate: 0,
          lat: city.lat + (r() - 0.5) * 0.2,
          lng: city.lng + (r() - 0.5) * 0.2,
          sort: k,
          slug: `place-${k + 1}`,
        };
      }
    }
  };

  t.push({
    table: 'public.activities',
    columns: [
      'id',
      'customer_id',
      'slug',
      'category',
      'title',
      'description',
      'latitude',
      'longitude',
      'address',
      'phone',
      'price_level',
      'is_partner',
      'commission_rate',
      'sort_order',
      'published',
      'created_at',
      'updated_at',
    ],
    triggers: true, // the package limit is checked row by row
    chunks: () =>
      chunked(function* () {
        for (const p of places()) {
          const cat = CATEGORIES[mix(seed, 5, p.n) % CATEGORIES.length]!;
          yield line([
            placeId(p.n),
            p.customer,
            p.slug,
            cat,
            `{"en": "Place ${p.n + 1}", "vi": "Địa điểm ${p.n + 1}"}`,
            `{"en": "A ${cat} place, number ${p.n + 1}, chosen by the team."}`,
            p.lat.toFixed(6),
            p.lng.toFixed(6),
            `${(p.n % 300) + 1} Example Street`,
            `+84 28 ${String(1000_0000 + p.n).slice(0, 4)} ${String(p.n % 10000).padStart(4, '0')}`,
            (p.n % 4) + 1,
            p.partner,
            p.partner ? (p.rate / 1000).toFixed(3) : null,
            p.sort,
            p.published,
            iso(created),
            iso(created),
          ]);
        }
      }),
  });

  // The first accepted rate of each partner (the history trigger is told not to add its own).
  t.push({
    table: 'public.commission_rates',
    columns: ['id', 'activity_id', 'rate', 'status', 'proposed_at', 'decided_at', 'effective_from', 'set_by_admin'],
    triggers: true,
    chunks: () =>
      chunked(function* () {
        for (const h of hotels) {
          for (let k = 0; k < PARTNERS_PER_HOTEL; k++) {
            const n = h.firstPlace + k;
            yield line([
              uuid(seed, K.rate, n),
              placeId(n),
              (partnerRate(h.index, k) / 1000).toFixed(3),
              'accepted',
              iso(created),
              iso(created),
              iso(created),
              true,
            ]);
          }
        }
      }),
  });

  t.push({
    table: 'public.reward_campaigns',
    columns: ['id', 'customer_id', 'kind', 'title', 'active', 'daily_limit', 'created_at', 'updated_at'],
    triggers: true,
    chunks: () =>
      chunked(function* () {
        for (const h of hotels) {
          yield line([
            campaignId(h.index),
            h.id,
            'fortune_wheel',
            '{"en": "Spin the wheel"}',
            true,
            3,
            iso(created),
            iso(created),
          ]);
        }
      }),
  });

  t.push({
    table: 'public.reward_prizes',
    columns: [
      'id',
      'campaign_id',
      'kind',
      'label',
      'points',
      'activity_id',
      'discount_pct',
      'valid_days',
      'weight',
      'sort_order',
      'created_at',
      'updated_at',
    ],
    triggers: true, // a voucher prize must name a partner of the same hotel
    chunks: () =>
      chunked(function* () {
        for (const h of hotels) {
          yield line([
            prizeId(h.index, 0),
            campaignId(h.index),
            'points',
            '{"en": "10 points"}',
            10,
            null,
            null,
            30,
            prizeWeights[0]!,
            0,
            iso(created),
            iso(created),
          ]);
          yield line([
            prizeId(h.index, 1),
            campaignId(h.index),
            'nothing',
            '{"en": "Next time!"}',
            null,
            null,
            null,
            30,
            prizeWeights[1]!,
            1,
            iso(created),
            iso(created),
          ]);
          for (let k = 0; k < PARTNERS_PER_HOTEL; k++) {
            yield line([
              prizeId(h.index, 2 + k),
              campaignId(h.index),
              'voucher',
              `{"en": "10% at place ${h.firstPlace + k + 1}"}`,
              null,
              placeId(h.firstPlace + k),
              10,
              30,
              prizeWeights[2 + k]!,
              2 + k,
              iso(created),
              iso(created),
            ]);
          }
        }
      }),
  });

  // ─── plays, points, vouchers, voucher redemptions ─────────────────────────────
  // User u (not a moderator) plays at their hotel's wheel on 40 distinct days of the year (day
  // (u·7 + j·9) mod 365, j < 40 at full size), one play a day (slot 1), at a UTC hour that keeps the
  // hotel's local date equal to the UTC date (offsets +7 … +9).
  const players = shape.users - shape.cities - shape.hotels;
  const playsPerUser = Math.ceil(shape.plays / Math.max(players, 1));
  interface Play {
    n: number;
    user: number;
    hotel: Hotel;
    at: number;
    day: string;
    prize: number;
    j: number;
  }
  function* plays(): Generator<Play> {
    let n = 0;
    for (let j = 0; j < playsPerUser && n < shape.plays; j++) {
      for (let p = 0; p < players && n < shape.plays; p++) {
        const u = shape.cities + shape.hotels + p;
        const hotel = hotels[u % shape.hotels]!;
        const d = (u * 7 + j * 9) % 365;
        const dayStart = start + d * DAY;
        const at = dayStart + (mix(seed, 40, n) % ((24 - hotel.offset) * 3600)) * 1000;
        const pick = mix(seed, 41, n) % prizeTotal;
        let prize = 0;
        for (let acc = 0; prize < prizeWeights.length; prize++) {
          acc += prizeWeights[prize]!;
          if (pick < acc) break;
        }
        yield { n, user: u, hotel, at, day: iso(dayStart).slice(0, 10), prize, j };
        n++;
      }
    }
  }

  t.push({
    table: 'public.reward_plays',
    columns: [
      'id',
      'user_id',
      'campaign_id',
      'customer_id',
      'prize_id',
      'prize_kind',
      'label',
      'points',
      'play_day',
      'slot',
      'idempotency_key',
      'played_at',
    ],
    triggers: false,
    chunks: () =>
      chunked(function* () {
        for (const p of plays()) {
          const kind = p.prize === 0 ? 'points' : p.prize === 1 ? 'nothing' : 'voucher';
          const label =
            kind === 'points'
              ? '{"en": "10 points"}'
              : kind === 'nothing'
                ? '{"en": "Next time!"}'
                : `{"en": "10% at place ${p.hotel.firstPlace + p.prize - 2 + 1}"}`;
          yield line([
            uuid(seed, K.play, p.n),
            userId(p.user),
            campaignId(p.hotel.index),
            p.hotel.id,
            prizeId(p.hotel.index, p.prize),
            kind,
            label,
            kind === 'points' ? 10 : null,
            p.day,
            1,
            `play-${p.user}-${p.j}`,
            iso(p.at),
          ]);
        }
      }),
  });

  t.push({
    table: 'public.points_ledger',
    columns: ['user_id', 'customer_id', 'delta', 'reason', 'play_id', 'created_at'],
    triggers: false,
    chunks: () =>
      chunked(function* () {
        for (const p of plays()) {
          if (p.prize === 0) yield line([userId(p.user), p.hotel.id, 10, 'play', uuid(seed, K.play, p.n), iso(p.at)]);
        }
      }),
  });

  // A voucher is redeemed (half of them) within its 30 days and before the end of the data.
  const redemption = (p: Play) => {
    if (mix(seed, 50, p.n) % 2 === 0) return null;
    const at = p.at + HOUR + (mix(seed, 51, p.n) % (29 * 24)) * HOUR;
    return at < end ? at : null;
  };
  const amountOf = (currency: string, r: number) => {
    // Minor units: VND 100,000 … 3,000,000; JPY/KRW similar in value; others 5.00 … 150.00.
    const units = 5 + (r % 146);
    if (currency === 'VND') return units * 20_000;
    if (currency === 'KRW') return units * 1_000;
    if (currency === 'JPY') return units * 100;
    if (currency === 'THB') return units * 3_000;
    return units * 100;
  };
  interface Tx {
    id: string;
    hotel: Hotel;
    place: number;
    rate: number;
    voucher: string | null;
    amount: number;
    at: number;
    createdBy: string | null;
    status: 'confirmed' | 'pending' | 'disputed';
    key: string;
  }
  function* voucherTxs(): Generator<Tx & { code: string; play: Play; redeemedAt: number | null }> {
    let v = 0;
    for (const p of plays()) {
      if (p.prize < 2) continue;
      const k = p.prize - 2;
      const redeemedAt = redemption(p);
      yield {
        id: uuid(seed, K.tx, v),
        hotel: p.hotel,
        place: p.hotel.firstPlace + k,
        rate: partnerRate(p.hotel.index, k),
        voucher: uuid(seed, K.voucher, v),
        amount: amountOf(p.hotel.currency, mix(seed, 52, v)),
        at: redeemedAt ?? p.at,
        createdBy: null,
        status: 'confirmed',
        key: `redeem-${v}`,
        code: voucherCode(seed, v),
        play: p,
        redeemedAt,
      };
      v++;
    }
  }

  t.push({
    table: 'public.vouchers',
    columns: [
      'id',
      'code',
      'user_id',
      'customer_id',
      'activity_id',
      'play_id',
      'discount_pct',
      'issued_at',
      'expires_at',
      'redeemed_at',
    ],
    triggers: false,
    chunks: () =>
      chunked(function* () {
        for (const x of voucherTxs()) {
          yield line([
            x.voucher,
            x.code,
            userId(x.play.user),
            x.hotel.id,
            placeId(x.place),
            uuid(seed, K.play, x.play.n),
            10,
            iso(x.play.at),
            iso(x.play.at + 30 * DAY),
            x.redeemedAt === null ? null : iso(x.redeemedAt),
          ]);
        }
      }),
  });

  const txLine = (x: Tx) => {
    const commission = roundDiv(x.amount * x.rate, 1000);
    const fee = roundDiv(commission, 5);
    const share = commission - fee;
    const reinvest = roundDiv(share * x.hotel.reinvestmentPct, 100);
    return line([
      x.id,
      x.hotel.id,
      placeId(x.place),
      x.voucher,
      x.amount,
      x.hotel.currency,
      (x.rate / 1000).toFixed(3),
      x.hotel.reinvestmentPct.toFixed(2),
      commission,
      share,
      fee,
      reinvest,
      share - reinvest,
      x.createdBy,
      x.key,
      iso(x.at),
      x.status,
      x.status === 'disputed' ? 'Not our guest' : null,
      x.status === 'pending' ? null : iso(x.at + HOUR),
    ]);
  };

  t.push({
    table: 'public.partner_transactions',
    columns: [
      'id',
      'customer_id',
      'activity_id',
      'voucher_id',
      'amount_minor',
      'currency',
      'commission_rate',
      'reinvestment_pct',
      'commission_minor',
      'hotel_share_minor',
      'platform_fee_minor',
      'reinvestment_minor',
      'net_to_hotel_minor',
      'created_by',
      'idempotency_key',
      'created_at',
      'status',
      'dispute_reason',
      'decided_at',
    ],
    triggers: false,
    chunks: () =>
      chunked(function* () {
        let n = 0;
        for (const x of voucherTxs()) {
          if (x.redeemedAt === null) continue;
          yield txLine(x);
          n++;
        }
        // The rest: sales the hotel typed in, spread over the year; 85 % confirmed, 10 % pending, 5 % disputed
        // (pending ones only in the last 60 days: older ones were decided).
        for (let i = 0; n < shape.transactions; i++, n++) {
          const hotel = hotels[i % shape.hotels]!;
          const k = mix(seed, 60, i) % PARTNERS_PER_HOTEL;
          const at = start + (mix(seed, 61, i) % (365 * 24 * 60)) * 60_000 + (mix(seed, 62, i) % 60_000);
          const r = mix(seed, 63, i) % 100;
          const status =
            r < 85 ? 'confirmed' : r < 95 && at >= end - 60 * DAY ? 'pending' : r < 95 ? 'confirmed' : 'disputed';
          yield txLine({
            id: uuid(seed, K.tx, 10_000_000 + i),
            hotel,
            place: hotel.firstPlace + k,
            rate: partnerRate(hotel.index, k),
            voucher: null,
            amount: amountOf(hotel.currency, mix(seed, 64, i)),
            at,
            createdBy: userId(hotel.moderator),
            status,
            key: `sale-${i}`,
          });
        }
      }),
  });

  // ─── analytics events ─────────────────────────────────────────────────────────
  // Day by day (rows arrive in time order, as in production). Visits: a visitor at one customer
  // makes 1 to 12 events that day and comes back on 0 to 2 later days. 70 % of events are at hotels,
  // 30 % at cities (the big city takes 40 % of those). Weekends are 30 % busier.
  t.push({
    table: 'public.analytics_events',
    columns: ['customer_id', 'activity_id', 'type', 'visitor_id', 'created_at'],
    triggers: false,
    chunks: () =>
      chunked(function* () {
        const weights = Array.from({ length: 365 }, (_, d) =>
          new Date(start + d * DAY).getUTCDay() % 6 === 0 ? 1.3 : 1,
        );
        const total = weights.reduce((a, b) => a + b, 0);
        let emitted = 0;
        let visit = 0;
        const typeTotal = EVENT_WEIGHTS.reduce((a, b) => a + b, 0);
        const pendingReturns = new Map<number, { customer: number; visitor: string }[]>();
        for (let d = 0; d < 365; d++) {
          const target =
            d === 364
              ? shape.events
              : Math.round((shape.events * weights.slice(0, d + 1).reduce((a, b) => a + b, 0)) / total);
          const dayStart = start + d * DAY;
          const returning = pendingReturns.get(d) ?? [];
          pendingReturns.delete(d);
          let ri = 0;
          while (emitted < target) {
            const v = visit++;
            let customer: number;
            let visitor: string;
            if (ri < returning.length) {
              ({ customer, visitor } = returning[ri++]!);
            } else {
              const c = mix(seed, 70, v) % 100;
              if (c < 70) customer = mix(seed, 71, v) % shape.hotels;
              else if (c < 82)
                customer = shape.hotels; // the big city
              else customer = shape.hotels + 1 + (mix(seed, 72, v) % (CITIES.length - 1));
              visitor = uuid(seed, K.visitor, v);
              const back = mix(seed, 73, v) % 3;
              for (let b = 1; b <= back; b++) {
                const day = d + b * (1 + (mix(seed, 74, v, b) % 3));
                if (day < 365) {
                  const list = pendingReturns.get(day) ?? [];
                  list.push({ customer, visitor });
                  pendingReturns.set(day, list);
                }
              }
            }
            const [cid, first, count] =
              customer < shape.hotels
                ? [hotels[customer]!.id, hotels[customer]!.firstPlace, hotels[customer]!.published]
                : [
                    CITIES[customer - shape.hotels]!.slug,
                    cityFirst[customer - shape.hotels]!,
                    cityPlaces[customer - shape.hotels]!,
                  ];
            const events = 1 + (mix(seed, 75, v) % 12);
            const t0 = dayStart + (mix(seed, 76, v) % (22 * 3600)) * 1000;
            for (let e = 0; e < events && emitted < target; e++, emitted++) {
              const w = mix(seed, 77, v, e) % typeTotal;
              let ti = 0;
              for (let acc = 0; ti < EVENT_TYPES.length; ti++) {
                acc += EVENT_WEIGHTS[ti]!;
                if (w < acc) break;
              }
              const type = EVENT_TYPES[ti]!;
              const withPlace = NEEDS_PLACE.has(type) || (type === 'share' && mix(seed, 78, v, e) % 2 === 0);
              // Published places only (every 20th place of a city is a draft; hotels' first places are published).
              let place: string | null = null;
              if (withPlace) {
                let k = mix(seed, 79, v, e) % count;
                if (customer >= shape.hotels && k % 20 === 19) k -= 1;
                place = placeId(first + k);
              }
              yield line([cid, place, type, visitor, iso(t0 + e * 90_000 + (mix(seed, 80, v, e) % 60_000))]);
            }
          }
        }
      }),
  });

  return t;
}

export function describe(opts: ScaleOptions): Shape {
  return plan(opts).shape;
}
