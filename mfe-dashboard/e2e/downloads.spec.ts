// Every file the dashboard hands out downloads in the production build, under the page's real
// Content-Security-Policy (issue #26: "Download PNG" fetched a data: URL, which connect-src blocks),
// and each file is opened and checked: the QR poster as PNG, SVG and PDF, the CSV exports.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { ANON_KEY, API_URL, SERVICE_KEY, choose, serviceRest, signInAs } from '../../shell/e2e/support.ts';
import { ATTRIBUTE_KEYS } from '../../shared-ui/src/place-attributes.ts';

const catalogue = (l: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../src/locales/${l}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
const vi = catalogue('vi');
const en = catalogue('en');
const tr = (key: string, texts: Record<string, unknown> = vi) => {
  const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], texts);
  if (typeof raw !== 'string') throw new Error(`no text for ${key}`);
  return raw;
};
const HOTEL = 'saigon-riverside-hotel';

/** RFC 4180, written here independently of the app's own parser. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/**
 * A text as every CSV file must hold it (OWASP, CSV injection; written here independently of the app): with an
 * apostrophe first when it begins with =, +, -, @, tab or carriage return, unless it is a plain decimal number.
 */
const asWritten = (v: string) => (/^'*[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : v);

/** Collects the page's CSP violations (none may happen while downloading). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

async function downloadOf(page: Page, button: string) {
  // The button first (its table can take long to load on a busy runner), then the download is awaited from the
  // click: a wait started before the button was there ran out while the page was still loading (clean-clone CI).
  const target = page.getByRole('button', { name: button, exact: true });
  await expect(target).toBeEnabled({ timeout: 30_000 });
  const download = page.waitForEvent('download', { timeout: 15_000 });
  await target.click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: fs.readFileSync(await file.path()) };
}

/** Major units written independently of the app: the currency's decimals from the `currencies` table. */
async function majorOf() {
  const digits = new Map(
    (
      (await (await serviceRest('currencies?select=code,minor_units')).json()) as {
        code: string;
        minor_units: number;
      }[]
    ).map((c) => [c.code.trim(), c.minor_units]),
  );
  return (minor: number, currency: string) => {
    const d = digits.get(currency) ?? 0;
    if (d === 0) return String(minor);
    const abs = String(Math.abs(minor)).padStart(d + 1, '0');
    return `${minor < 0 ? '-' : ''}${abs.slice(0, -d)}.${abs.slice(-d)}`;
  };
}

/** The closed month the seed leaves (every ended month but the last is closed and paid): two months back. */
const closedMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 7);
};

test.describe('dashboard downloads under the production CSP', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'moderator@demo.test');
  });

  test('QR poster: PNG, SVG and PDF download and open', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await watchCsp(page);
    const response = await page.goto(`/${HOTEL}/dashboard?tab=qr`);
    // The page is served with the production policy, data: not allowed to connect.
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/connect-src 'self'[^;]*/);
    expect(/connect-src[^;]*data:/.test(csp)).toBe(false);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel(tr('qr.roomLabel')).fill('204');
    await expect(page.getByTestId('qr-target')).toContainText('src=qr&room=204');
    const target = (await page.getByTestId('qr-target').textContent())!.trim();
    expect(target).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/${HOTEL}/map\\?src=qr&room=204$`));

    const png = await downloadOf(page, tr('qr.png'));
    expect(png.name).toBe(`${HOTEL}-room-204-qr.png`);
    expect(png.bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(png.bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1024, 1024]);
    // The browser decodes it as a 1024 × 1024 image whose corner module is dark (a finder pattern).
    const decoded = await page.evaluate(async (b64) => {
      const bitmap = await createImageBitmap(
        new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' }),
      );
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      // The quiet zone is white; the finder pattern's outer ring starts right after it.
      const at = (x: number, y: number) => Array.from(ctx.getImageData(x, y, 1, 1).data.slice(0, 3));
      return {
        w: bitmap.width,
        h: bitmap.height,
        quiet: at(2, 2),
        finder: at(Math.round(bitmap.width * 0.08), Math.round(bitmap.height * 0.08)),
      };
    }, png.bytes.toString('base64'));
    expect(decoded).toMatchObject({ w: 1024, h: 1024, quiet: [255, 255, 255], finder: [0, 0, 0] });

    const svg = await downloadOf(page, tr('qr.svg'));
    expect(svg.name).toBe(`${HOTEL}-room-204-qr.svg`);
    const svgText = svg.bytes.toString('utf8');
    const parsed = await page.evaluate((s) => {
      const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
      return {
        root: doc.documentElement.localName,
        errors: doc.getElementsByTagName('parsererror').length,
        paths: doc.getElementsByTagName('path').length,
      };
    }, svgText);
    expect(parsed).toEqual({ root: 'svg', errors: 0, paths: expect.any(Number) });
    expect(parsed.paths).toBeGreaterThan(0);
    // The same QR code as the qrcode library makes for the target URL: the file encodes that address.
    const expectedSvg = await QRCode.toString(target, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 1,
      color: { dark: '#111111', light: '#ffffff' },
    });
    expect(svgText).toBe(expectedSvg);

    const pdf = await downloadOf(page, tr('qr.pdf'));
    expect(pdf.name).toBe(`${HOTEL}-room-204-qr.pdf`);
    const pdfText = pdf.bytes.toString('latin1');
    expect(pdfText.startsWith('%PDF-')).toBe(true);
    expect(pdfText.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdfText.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    expect(pdfText).toMatch(/\/Subtype\s*\/Image/);

    expect(await violations()).toEqual([]);
  });

  test('CSV exports: recommendations and a month statement, rows as in the database', async ({ page }) => {
    test.setTimeout(90_000);
    const violations = await watchCsp(page);
    // The list's read held: until it arrives there is nothing to export, and the button says so (it exported
    // a file with the header alone when clicked early: a flake of the clean-clone run of 2026-12-03).
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    const listRead = (u: URL) =>
      u.pathname === '/rest/v1/activities' && u.searchParams.get('customer_id') === `eq.${HOTEL}`;
    await page.route(listRead, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${HOTEL}/dashboard?tab=recommendations`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: tr('recs.export'), exact: true })).toBeDisabled({ timeout: 30_000 });
    release();
    const recs = await downloadOf(page, tr('recs.export'));
    expect(recs.name).toBe(`${HOTEL}-recommendations.csv`);
    const recRows = parseCsv(recs.bytes.toString('utf8'));
    const LANGS = ['en', 'vi', 'fr', 'zh', 'ko', 'ja'];
    const header = [
      'slug',
      'category',
      // Titles and descriptions in every content language (issue 30).
      ...LANGS.map((l) => `title_${l}`),
      ...LANGS.map((l) => `description_${l}`),
      'latitude',
      'longitude',
      'address',
      'address_local',
      'phone',
      'website',
      'price_level',
      // Whole đồng (docs/prices.md).
      'price_min_vnd',
      'price_max_vnd',
      'published',
      // Traveller attributes as OSM key=value pairs (issue 43 item 5; docs/filters.md).
      'attributes',
    ];
    expect(recRows[0]).toEqual(header);
    type Act = {
      slug: string;
      category: string;
      title: Record<string, string> | null;
      description: Record<string, string> | null;
      latitude: number;
      longitude: number;
      address: string | null;
      address_local: string | null;
      phone: string | null;
      website: string | null;
      price_level: number | null;
      price_min_vnd: number | null;
      price_max_vnd: number | null;
      published: boolean;
      attributes: Record<string, string>;
    };
    const acts = (await (
      await serviceRest(`activities?customer_id=eq.${HOTEL}&select=*&order=sort_order,created_at`)
    ).json()) as Act[];
    expect(acts.length).toBeGreaterThan(0);
    const l = (v: Record<string, string> | null, k: string) => v?.[k] ?? '';
    // Texts as a spreadsheet must take them: a phone number "+84 28 …" is text, not a formula (issue 41).
    expect(recRows.slice(1)).toEqual(
      acts.map((a) => [
        a.slug,
        a.category,
        ...LANGS.map((k) => asWritten(l(a.title, k))),
        ...LANGS.map((k) => asWritten(l(a.description, k))),
        String(a.latitude),
        String(a.longitude),
        asWritten(a.address ?? ''),
        asWritten(a.address_local ?? ''),
        asWritten(a.phone ?? ''),
        asWritten(a.website ?? ''),
        a.price_level ? String(a.price_level) : '',
        a.price_min_vnd === null ? '' : String(a.price_min_vnd),
        a.price_max_vnd === null ? '' : String(a.price_max_vnd),
        String(a.published),
        ATTRIBUTE_KEYS.filter((k) => a.attributes[k])
          .map((k) => `${k}=${a.attributes[k]}`)
          .join(';'),
      ]),
    );
    // The seed's vegetarian places say so in the file.
    expect(recRows.find((r) => r[0] === 'quan-an-ngon')!.at(-1)).toContain('diet:vegetarian=yes');

    // Last month's statement (the seed has transactions in it): one line per partner and a total.
    // The hotel's month (Asia/Ho_Chi_Minh, UTC+7), as the statement counts it.
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const start = new Date(first.getTime() - 7 * 3_600_000);
    const stop = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 7 * 3_600_000);
    const month = first.toISOString().slice(0, 7);
    await page.goto(`/${HOTEL}/dashboard?tab=statements&month=${month}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const statement = await downloadOf(page, tr('statements.csv'));
    expect(statement.name).toBe(`${HOTEL}-statement-${month}.csv`);
    const lines = parseCsv(statement.bytes.toString('utf8'));
    expect(lines[0]).toEqual([
      'month',
      'partner',
      'currency',
      'transactions',
      'guest_spend',
      'commission',
      'hotel_share_80',
      'platform_fee_20',
      'rewards_reinvestment',
      'net_to_hotel',
      'status',
      'dispute_reason',
    ]);
    type Txn = {
      activity_id: string;
      created_at: string;
      amount_minor: number;
      commission_minor: number;
      hotel_share_minor: number;
      platform_fee_minor: number;
      reinvestment_minor: number;
      net_to_hotel_minor: number;
    };
    const txns = (await (
      await serviceRest(
        `partner_transactions?customer_id=eq.${HOTEL}&status=eq.confirmed&created_at=gte.${start.toISOString()}&created_at=lt.${stop.toISOString()}&select=activity_id,created_at,amount_minor,commission_minor,hotel_share_minor,platform_fee_minor,reinvestment_minor,net_to_hotel_minor&limit=10000`,
      )
    ).json()) as Txn[];
    expect(txns.length).toBeGreaterThan(0);
    const keys = [
      'amount_minor',
      'commission_minor',
      'hotel_share_minor',
      'platform_fee_minor',
      'reinvestment_minor',
      'net_to_hotel_minor',
    ] as const;
    const byPartner = new Map<string, Txn[]>();
    for (const t of txns) byPartner.set(t.activity_id, [...(byPartner.get(t.activity_id) ?? []), t]);
    // The platform's 20 % is taken on each partner's total and allocated to its sales by largest remainder
    // (docs/settlement.md, issue 41 item 8); the hotel's share and reinvestment follow from the allocation.
    for (const rows of byPartner.values()) allocatePlatformFee(rows);
    const sums = (rows: Txn[]) => keys.map((k) => String(rows.reduce((a, r) => a + r[k], 0)));
    // Partner lines: each one's count and sums equal its transactions (matched by count and figures,
    // the line names the partner by its title).
    // Confirmed spend only (issue 27); pending and disputed items follow the TOTAL line, one line each.
    const totalAt = lines.findIndex((r) => r[1] === 'TOTAL');
    const partnerLines = lines.slice(1, totalAt);
    expect(partnerLines).toHaveLength(byPartner.size);
    const expected = [...byPartner.values()]
      .map((rows) => [String(rows.length), ...sums(rows), 'confirmed', ''].join(','))
      .sort();
    expect(partnerLines.map((r) => r.slice(3).join(',')).sort()).toEqual(expected);
    expect(partnerLines.every((r) => r[0] === month && r[2] === 'VND' && r[1]!.length > 0)).toBe(true);
    expect(lines[totalAt]).toEqual([month, 'TOTAL', 'VND', String(txns.length), ...sums(txns), 'confirmed', '']);
    type Item = { amount_minor: number; commission_minor: number; status: string; dispute_reason: string | null };
    const apart = (await (
      await serviceRest(
        `partner_transactions?customer_id=eq.${HOTEL}&status=in.(pending,disputed)&created_at=gte.${start.toISOString()}&created_at=lt.${stop.toISOString()}&select=amount_minor,commission_minor,status,dispute_reason&limit=10000`,
      )
    ).json()) as Item[];
    const itemLines = lines.slice(totalAt + 1);
    expect(
      itemLines.map((r) => [r[0], r[2], r[3], r[4], r[5], r.slice(6, 10).join(''), r[10], r[11]].join('|')).sort(),
    ).toEqual(
      apart
        .map((i) =>
          [
            month,
            'VND',
            '1',
            String(i.amount_minor),
            String(i.commission_minor),
            '',
            i.status,
            i.dispute_reason ?? '',
          ].join('|'),
        )
        .sort(),
    );

    expect(await violations()).toEqual([]);
  });
  test("CSV exports: a closed month's partner invoices and the hotel's payout, rows as in the database", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const violations = await watchCsp(page);
    // The seed closes (and pays) every ended month but the last: two months back is closed.
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)).toISOString().slice(0, 7);
    await page.goto(`/${HOTEL}/dashboard?tab=statements&month=${month}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('month-closed')).toBeVisible({ timeout: 20_000 });

    type Invoice = {
      activity_id: string;
      currency: string;
      commission_minor: number;
      payment_reference: string;
      status: string;
      paid_at: string | null;
    };
    const invoices = (await (
      await serviceRest(
        `partner_invoices?customer_id=eq.${HOTEL}&month=eq.${month}-01&select=activity_id,currency,commission_minor,payment_reference,status,paid_at`,
      )
    ).json()) as Invoice[];
    expect(invoices.length).toBeGreaterThan(0);
    const titles = new Map(
      (
        (await (await serviceRest(`activities?customer_id=eq.${HOTEL}&select=id,title`)).json()) as {
          id: string;
          title: { en: string; vi?: string };
        }[]
      ).map((a) => [a.id, a.title.vi ?? a.title.en]),
    );
    const inv = await downloadOf(page, tr('settlement.invoicesCsv'));
    expect(inv.name).toBe(`${HOTEL}-invoices-${month}.csv`);
    const invRows = parseCsv(inv.bytes.toString('utf8'));
    expect(invRows[0]).toEqual([
      'month',
      'partner',
      'currency',
      'commission',
      'payment_reference',
      'status',
      'paid_at',
    ]);
    const asRow = (r: string[]) =>
      [r[0], r[1], r[2], r[3], r[4], r[5], r[6] ? new Date(r[6]).toISOString() : ''].join('|');
    expect(invRows.slice(1).map(asRow).sort()).toEqual(
      invoices
        .map((i) =>
          [
            month,
            titles.get(i.activity_id),
            i.currency,
            String(i.commission_minor),
            i.payment_reference,
            i.status,
            i.paid_at ? new Date(i.paid_at).toISOString() : '',
          ].join('|'),
        )
        .sort(),
    );

    type Payout = {
      currency: string;
      hotel_share_minor: number;
      reinvestment_minor: number;
      payout_minor: number;
      status: string;
      paid_at: string | null;
    };
    const payouts = (await (
      await serviceRest(
        `hotel_payouts?customer_id=eq.${HOTEL}&month=eq.${month}-01&select=currency,hotel_share_minor,reinvestment_minor,payout_minor,status,paid_at&order=currency`,
      )
    ).json()) as Payout[];
    expect(payouts.length).toBeGreaterThan(0);
    const pay = await downloadOf(page, tr('settlement.payoutCsv'));
    expect(pay.name).toBe(`${HOTEL}-payout-${month}.csv`);
    const payRows = parseCsv(pay.bytes.toString('utf8'));
    expect(payRows[0]).toEqual([
      'month',
      'currency',
      'hotel_share_80',
      'rewards_reinvestment',
      'payout',
      'status',
      'paid_at',
    ]);
    expect(payRows.slice(1).map((r) => [...r.slice(0, 6), r[6] ? new Date(r[6]).toISOString() : ''].join('|'))).toEqual(
      payouts.map((p) =>
        [
          month,
          p.currency,
          String(p.hotel_share_minor),
          String(p.reinvestment_minor),
          String(p.payout_minor),
          p.status,
          p.paid_at ? new Date(p.paid_at).toISOString() : '',
        ].join('|'),
      ),
    );

    expect(await violations()).toEqual([]);
  });
});

test.describe('settlement exports of administrators and partners', () => {
  test('administrators: the platform fee by hotel and partner of a closed month, CSV rows as in the database, and its print copy', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'admin@demo.test');
    const violations = await watchCsp(page);
    const month = closedMonth();
    const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
    await page.goto(`/${HOTEL}/dashboard?tab=admin`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await choose(page, page.getByRole('combobox', { name: tr('statements.month', en) }), label);

    // The database as the service role: confirmed transactions in each hotel's month (its own time zone).
    const zones = new Map(
      (
        (await (await serviceRest('customers?select=id,time_zone')).json()) as {
          id: string;
          time_zone: string | null;
        }[]
      ).map((c) => [c.id, c.time_zone ?? 'Asia/Ho_Chi_Minh']),
    );
    const [y, m] = month.split('-').map(Number) as [number, number];
    const from = new Date(Date.UTC(y, m - 1, 1) - 86_400_000).toISOString();
    const to = new Date(Date.UTC(y, m, 1) + 86_400_000).toISOString();
    type Txn = {
      customer_id: string;
      activity_id: string;
      currency: string;
      platform_fee_minor: number;
      created_at: string;
    };
    const txns = (
      (await (
        await serviceRest(
          `partner_transactions?status=eq.confirmed&created_at=gte.${from}&created_at=lt.${to}&select=customer_id,activity_id,currency,created_at&limit=100000`,
        )
      ).json()) as Txn[]
    ).filter(
      (t) =>
        new Intl.DateTimeFormat('en-CA', {
          timeZone: zones.get(t.customer_id)!,
          year: 'numeric',
          month: '2-digit',
        }).format(new Date(t.created_at)) === month,
    );
    expect(txns.length).toBeGreaterThan(0);
    const titles = new Map(
      (
        (await (await serviceRest('activities?is_partner=eq.true&select=id,title')).json()) as {
          id: string;
          title: { en: string };
        }[]
      ).map((a) => [a.id, a.title.en]),
    );
    const major = await majorOf();
    // The fee of a closed month is the one stored on its invoices (one per hotel, partner and currency).
    const invoiceFees = new Map(
      (
        (await (
          await serviceRest(
            `partner_invoices?month=eq.${month}-01&select=customer_id,activity_id,currency,platform_fee_minor&limit=100000`,
          )
        ).json()) as Txn[]
      ).map((i) => [`${i.customer_id}|${i.activity_id}|${i.currency.trim()}`, i.platform_fee_minor]),
    );
    const groups = new Map<string, { t: Txn; n: number; fee: number }>();
    for (const t of txns) {
      const k = `${t.customer_id}|${t.activity_id}|${t.currency.trim()}`;
      const g = groups.get(k) ?? { t, n: 0, fee: invoiceFees.get(k) ?? 0 };
      groups.set(k, { t, n: g.n + 1, fee: g.fee });
    }
    const perCurrency = new Map<string, { n: number; fee: number }>();
    for (const g of groups.values()) {
      const c = g.t.currency.trim();
      const p = perCurrency.get(c) ?? { n: 0, fee: 0 };
      perCurrency.set(c, { n: p.n + g.n, fee: p.fee + g.fee });
    }

    const file = await downloadOf(page, tr('admin.feesCsv', en));
    expect(file.name).toBe(`platform-fees-${month}.csv`);
    const rows = parseCsv(file.bytes.toString('utf8'));
    expect(rows[0]).toEqual(['month', 'hotel', 'partner', 'currency', 'transactions', 'platform_fee']);
    const totalAt = rows.findIndex((r) => r[1] === 'TOTAL');
    expect(
      rows
        .slice(1, totalAt)
        .map((r) => r.join('|'))
        .sort(),
    ).toEqual(
      [...groups.values()]
        .map((g) =>
          [
            month,
            g.t.customer_id,
            titles.get(g.t.activity_id),
            g.t.currency.trim(),
            String(g.n),
            major(g.fee, g.t.currency.trim()),
          ].join('|'),
        )
        .sort(),
    );
    expect(rows.slice(totalAt).map((r) => r.join('|'))).toEqual(
      [...perCurrency]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([c, p]) => [month, 'TOTAL', '', c, String(p.n), major(p.fee, c)].join('|')),
    );

    // The print copy: its heading and the same table (one row per line, a total per currency), nothing of the dashboard.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('fees-print');
    await expect(
      printed.getByRole('heading', { name: tr('admin.feesHeading', en).replace('{{month}}', label) }),
    ).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(page.getByRole('button', { name: tr('admin.feesCsv', en) })).toBeHidden();
    await expect(printed.locator('table').first().getByRole('row')).toHaveCount(1 + groups.size + perCurrency.size);
    await page.emulateMedia({ media: 'screen' });
    await expect(printed).toBeHidden();

    expect(await violations()).toEqual([]);
  });

  test("partners: the month's items as CSV, rows as in the database, and the month's invoice printable", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'partner@demo.test');
    const violations = await watchCsp(page);
    const month = closedMonth();
    const [spa] = (await (
      await serviceRest(`activities?customer_id=eq.${HOTEL}&slug=eq.miu-miu-spa&select=id,title`)
    ).json()) as { id: string; title: { en: string; vi?: string } }[];
    await page.goto(`/partner?month=${month}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('portal-closed')).toBeVisible({ timeout: 20_000 });

    // The hotel's month (Asia/Ho_Chi_Minh, UTC+7), as the statement counts it.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const start = new Date(Date.UTC(y, m - 1, 1) - 7 * 3_600_000).toISOString();
    const stop = new Date(Date.UTC(y, m, 1) - 7 * 3_600_000).toISOString();
    type Txn = {
      created_at: string;
      voucher_id: string | null;
      currency: string;
      amount_minor: number;
      commission_rate: number;
      commission_minor: number;
      status: string;
      dispute_reason: string | null;
    };
    const txns = (await (
      await serviceRest(
        `partner_transactions?activity_id=eq.${spa!.id}&created_at=gte.${start}&created_at=lt.${stop}&select=created_at,voucher_id,currency,amount_minor,commission_rate,commission_minor,status,dispute_reason&limit=10000`,
      )
    ).json()) as Txn[];
    expect(txns.length).toBeGreaterThan(0);
    const major = await majorOf();
    const name = spa!.title.vi ?? spa!.title.en;

    const file = await downloadOf(page, tr('partnerPortal.itemsCsv'));
    expect(file.name).toBe(`${HOTEL}-${spa!.id}-items-${month}.csv`);
    const rows = parseCsv(file.bytes.toString('utf8'));
    expect(rows[0]).toEqual([
      'month',
      'partner',
      'hotel',
      'created_at',
      'source',
      'currency',
      'amount',
      'commission_rate',
      'commission',
      'status',
      'dispute_reason',
    ]);
    expect(rows.slice(1).every((r) => r[0] === month && r[1] === name && r[2]!.length > 0)).toBe(true);
    expect(
      rows
        .slice(1)
        .map((r) => [new Date(r[3]!).toISOString(), ...r.slice(4)].join('|'))
        .sort(),
    ).toEqual(
      txns
        .map((t) =>
          [
            new Date(t.created_at).toISOString(),
            t.voucher_id ? 'voucher' : 'manual',
            t.currency.trim(),
            major(t.amount_minor, t.currency.trim()),
            String(t.commission_rate),
            major(t.commission_minor, t.currency.trim()),
            t.status,
            t.dispute_reason ?? '',
          ].join('|'),
        )
        .sort(),
    );

    // The month's invoice, printed: one block per invoice with its reference, paid or not (and when).
    type Invoice = { payment_reference: string; status: string; vietqr: string | null };
    const invoices = (await (
      await serviceRest(
        `partner_invoices?activity_id=eq.${spa!.id}&month=eq.${month}-01&select=payment_reference,status,vietqr`,
      )
    ).json()) as Invoice[];
    expect(invoices.length).toBeGreaterThan(0);
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('portal-invoice-print');
    await expect(printed.getByRole('heading', { level: 2 })).toContainText(name);
    await expect(printed.locator('.gm-print-invoice')).toHaveCount(invoices.length);
    await expect(page.getByRole('button', { name: tr('partnerPortal.itemsCsv') })).toBeHidden();
    for (const i of invoices) {
      const block = printed.locator('.gm-print-invoice').filter({ hasText: i.payment_reference });
      await expect(block).toHaveCount(1);
      await expect(block).toContainText(
        i.status === 'paid' ? tr('partnerPortal.paidOn').split('{{')[0]! : tr('partnerPortal.unpaid'),
      );
      await expect(block.getByRole('img', { name: tr('partnerPortal.vietqr') })).toHaveCount(
        i.vietqr && i.status !== 'paid' ? 1 : 0,
      );
    }
    await page.emulateMedia({ media: 'screen' });
    await expect(printed).toBeHidden();

    expect(await violations()).toEqual([]);
  });
});

// Files for accountants are data, not formulas (issue 41, item 6): texts a hotel, a partner or a guest-facing
// place carries (a place title, a hotel name, a dispute reason) that a spreadsheet would run as a formula arrive in
// every CSV file with the apostrophe OWASP recommends, while numbers (a negative coordinate) stay numbers. A world
// of its own (a hotel, two partners, sales five and six months back, a partner's staff account), so no other test
// reads these texts.
test.describe('CSV files are data, not formulas', () => {
  const FORMULAS = ['=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-2+3', '\t=1+1', '\r=1+1'];
  const neutral = (s: string) => `'${s}`;
  const stamp = Date.now().toString(36);
  const H = `e2e-csv-${stamp}`;
  const HOTEL_NAME = '@Formula Inn';
  const SPA = '=HYPERLINK("http://x","y")';
  const BAR = '-2+3';
  const STAFF = `csv-staff-${stamp}@demo.test`;
  const serviceHeaders = {
    apikey: SERVICE_KEY,
    Authorization: `Bearer ${SERVICE_KEY}`,
    'Content-Type': 'application/json',
  };
  async function service<T>(p: string, init: RequestInit = {}): Promise<T> {
    const res = await serviceRest(p, {
      ...init,
      headers: { Prefer: 'return=representation', ...(init.headers ?? {}) },
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
  async function rpcAs(token: string, fn: string, args: Record<string, unknown>) {
    const res = await fetch(`${API_URL}/rest/v1/rpc/${fn}`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`);
  }
  /** YYYY-MM `back` months before this one, and the instant it starts on the hotel's calendar (UTC+7). */
  const monthBack = (back: number) => {
    const now = new Date(Date.now() + 7 * 3_600_000);
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
  };
  const inMonth = (m: string, day: number) => new Date(Date.parse(`${m}-01T00:00:00+07:00`) + day * 86_400_000);
  /** A sale dated in a past month, as the service role (a client cannot date a sale), with the split required. */
  const sale = (activity: string, m: string, day: number, amount: number, status: string, reason: string | null) => {
    const commission = Math.round(amount * 0.1);
    const fee = Math.round(commission * 0.2);
    return {
      customer_id: H,
      activity_id: activity,
      amount_minor: amount,
      currency: 'VND',
      commission_rate: 0.1,
      reinvestment_pct: 0,
      commission_minor: commission,
      hotel_share_minor: commission - fee,
      platform_fee_minor: fee,
      reinvestment_minor: 0,
      net_to_hotel_minor: commission - fee,
      idempotency_key: `e2e-csv-${activity}-${m}-${day}`,
      created_at: inMonth(m, day).toISOString(),
      status,
      dispute_reason: reason,
      decided_at: status === 'pending' ? null : inMonth(m, day + 1).toISOString(),
    };
  };
  const cellsOf = (bytes: Buffer) => parseCsv(bytes.toString('utf8'));
  const column = (rows: string[][], name: string) => rows.slice(1).map((r) => r[rows[0]!.indexOf(name)]!);

  // Soft checks: one run names every file that writes a formula, not only the first.
  test('every CSV file writes formula-like texts with an apostrophe and numbers as numbers', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const violations = await watchCsp(page);
    const admin = await signInAs(page, 'admin@demo.test');
    const adminToken = String(admin.access_token);
    const closed = monthBack(6);
    const open = monthBack(5);
    let staffId: string | null = null;
    try {
      // ─── the world ───
      await service('customers', {
        method: 'POST',
        body: JSON.stringify({
          id: H,
          kind: 'hotel',
          name: HOTEL_NAME,
          latitude: 10.7741,
          longitude: 106.7058,
          zoom: 15,
          package: 'premium',
          is_public: false,
          rewards_reinvestment_pct: 0,
          created_by: '00000000-0000-4000-a000-000000000001',
        }),
      });
      const place = (slug: string, title: string, extra: Record<string, unknown>) =>
        service<{ id: string }[]>('activities', {
          method: 'POST',
          body: JSON.stringify({
            customer_id: H,
            slug,
            category: 'wellness',
            title: { en: title, vi: title },
            ...extra,
          }),
        }).then(([r]) => r!.id);
      // A place far south and west: negative coordinates, numbers a spreadsheet must read as numbers.
      const spa = await place('formula-spa', SPA, {
        latitude: -33.8568,
        longitude: -70.6483,
        address: '@SUM(A1)',
        is_partner: true,
      });
      const bar = await place('formula-bar', BAR, { latitude: 10.77, longitude: 106.7, is_partner: true });
      for (const id of [spa, bar])
        await rpcAs(adminToken, 'admin_set_commission_rate', { p_activity_id: id, p_rate: 0.1 });
      await service('partner_transactions', {
        method: 'POST',
        body: JSON.stringify([
          sale(spa, closed, 3, 1_000_000, 'confirmed', null),
          sale(bar, closed, 4, 500_000, 'confirmed', null),
          sale(spa, open, 2, 800_000, 'confirmed', null),
          ...FORMULAS.map((reason, k) => sale(spa, open, 5 + k, 100_000 + k * 1000, 'disputed', reason)),
        ]),
      });
      await rpcAs(adminToken, 'close_month', { p_customer_id: H, p_month: `${closed}-01` });
      const created = await fetch(`${API_URL}/auth/v1/admin/users`, {
        method: 'POST',
        headers: serviceHeaders,
        body: JSON.stringify({ email: STAFF, password: 'demo-pass-123', email_confirm: true }),
      });
      expect(created.ok).toBe(true);
      staffId = ((await created.json()) as { id: string }).id;
      await service(`profiles?id=eq.${staffId}`, { method: 'PATCH', body: JSON.stringify({ language: 'en-US' }) });
      await service('partner_staff', { method: 'POST', body: JSON.stringify({ activity_id: spa, user_id: staffId }) });

      // ─── the recommendations export: the title and address neutralised, the coordinates numbers ───
      await page.goto(`/${H}/dashboard?tab=recommendations`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('cell', { name: SPA }).first()).toBeVisible({ timeout: 20_000 });
      const recs = await downloadOf(page, tr('recs.export', en));
      const recRows = cellsOf(recs.bytes);
      const spaRow = recRows.find((r) => r[0] === 'formula-spa')!;
      const at = (name: string) => spaRow[recRows[0]!.indexOf(name)];
      expect.soft([at('title_en'), at('title_vi'), at('address')]).toEqual([neutral(SPA), neutral(SPA), "'@SUM(A1)"]);
      expect([at('latitude'), at('longitude')]).toEqual(['-33.8568', '-70.6483']);
      expect(recs.bytes.toString('utf8')).toContain(',-33.8568,-70.6483,');
      expect.soft(column(recRows, 'title_en').sort()).toEqual([neutral(BAR), neutral(SPA)].sort());

      // ─── the month's statement (open month): partner names and every dispute reason neutralised ───
      await page.goto(`/${H}/dashboard?tab=statements&month=${open}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      const statement = cellsOf((await downloadOf(page, tr('statements.csv', en))).bytes);
      const disputed = statement.filter((r) => r[10] === 'disputed');
      expect.soft(disputed.map((r) => r[11]).sort()).toEqual(FORMULAS.map(neutral).sort());
      expect.soft(disputed.every((r) => r[1] === neutral(SPA))).toBe(true);
      expect
        .soft(statement.find((r) => r[10] === 'confirmed' && r[1] !== 'TOTAL')!.slice(1, 5))
        .toEqual([neutral(SPA), 'VND', '1', '800000']);

      // ─── the closed month's invoices and payout ───
      await page.goto(`/${H}/dashboard?tab=statements&month=${closed}`);
      await expect(page.getByTestId('month-closed')).toBeVisible({ timeout: 30_000 });
      const invoices = cellsOf((await downloadOf(page, tr('settlement.invoicesCsv', en))).bytes);
      expect
        .soft(
          invoices
            .slice(1)
            .map((r) => [r[1], r[3]])
            .sort(),
        )
        .toEqual(
          [
            [neutral(BAR), '50000'],
            [neutral(SPA), '100000'],
          ].sort(),
        );
      const payout = cellsOf((await downloadOf(page, tr('settlement.payoutCsv', en))).bytes);
      expect(payout.slice(1).map((r) => r.slice(0, 5))).toEqual([[closed, 'VND', '120000', '0', '120000']]);

      // ─── the administrators' platform fees of the closed month ───
      await page.goto(`/${H}/dashboard?tab=admin`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await choose(
        page,
        page.getByRole('combobox', { name: tr('statements.month', en) }),
        new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${closed}-01T00:00:00Z`),
        ),
      );
      await expect(page.getByTestId(`fees-total-VND`).first()).toBeVisible({ timeout: 20_000 });
      const fees = cellsOf((await downloadOf(page, tr('admin.feesCsv', en))).bytes);
      expect
        .soft(
          fees
            .filter((r) => r[1] === H)
            .map((r) => [r[2], r[5]])
            .sort(),
        )
        .toEqual(
          [
            [neutral(BAR), '10000'],
            [neutral(SPA), '20000'],
          ].sort(),
        );
      expect(await violations()).toEqual([]);

      // ─── the partner's items of the open month: partner, hotel and dispute reasons neutralised ───
      const context = await browser.newContext();
      try {
        const partnerPage = await context.newPage();
        await signInAs(partnerPage, STAFF);
        await partnerPage.goto(`/partner?month=${open}`);
        await expect(partnerPage.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        const items = cellsOf((await downloadOf(partnerPage, tr('partnerPortal.itemsCsv', en))).bytes);
        expect.soft(items.slice(1).every((r) => r[1] === neutral(SPA) && r[2] === neutral(HOTEL_NAME))).toBe(true);
        expect.soft(column(items, 'dispute_reason').sort()).toEqual(['', ...FORMULAS.map(neutral)].sort());
        expect(column(items, 'amount').sort()).toEqual(
          ['800000', ...FORMULAS.map((_, k) => String(100_000 + k * 1000))].sort(),
        );
      } finally {
        await context.close();
      }
    } finally {
      // What can be removed is removed; a closed month's figures are frozen by design and stay with their hotel,
      // which no other test reads.
      if (staffId)
        await fetch(`${API_URL}/auth/v1/admin/users/${staffId}`, { method: 'DELETE', headers: serviceHeaders });
      await serviceRest(`customers?id=eq.${H}`, { method: 'DELETE' });
    }
  });
});

/**
 * The platform's share of one invoice's sales (docs/settlement.md): round(Σ commission × 0.20) half up, allocated
 * by largest remainder (ties: the earlier sale); each sale's hotel share is the rest, its reinvestment at most that.
 */
function allocatePlatformFee(
  rows: {
    created_at?: string;
    commission_minor: number;
    hotel_share_minor: number;
    platform_fee_minor: number;
    reinvestment_minor: number;
    net_to_hotel_minor: number;
  }[],
): void {
  const total = rows.reduce((a, r) => a + r.commission_minor, 0);
  let extra = Math.floor((2 * total + 5) / 10) - rows.reduce((a, r) => a + Math.floor(r.commission_minor / 5), 0);
  const order = [...rows].sort(
    (a, b) =>
      (b.commission_minor % 5) - (a.commission_minor % 5) || (a.created_at ?? '').localeCompare(b.created_at ?? ''),
  );
  for (const r of order) {
    r.platform_fee_minor = Math.floor(r.commission_minor / 5) + (extra-- > 0 ? 1 : 0);
    r.hotel_share_minor = r.commission_minor - r.platform_fee_minor;
    r.reinvestment_minor = Math.min(r.reinvestment_minor, r.hotel_share_minor);
    r.net_to_hotel_minor = r.hotel_share_minor - r.reinvestment_minor;
  }
}
