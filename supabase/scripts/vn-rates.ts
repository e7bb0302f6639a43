// Refreshes public.exchange_rates from a Vietnamese bank's published daily list (docs/prices.md): the guests'
// estimate under a price in đồng ("≈ US$10") is computed from these rows, labelled with their source and date.
//
//   SUPABASE_URL=… SUPABASE_SERVICE_ROLE_KEY=… \
//     pnpm --filter @guestmap/supabase exec tsx scripts/vn-rates.ts <file or URL> [--dry-run]
//
// Reads Vietcombank's XML list (https://portal.vietcombank.com.vn/Usercontrols/TVPortal.TyGia/pXML.aspx):
//   <ExrateList><DateTime>12/3/2026 8:30:12 AM</DateTime>
//     <Exrate CurrencyCode="USD" CurrencyName="US DOLLAR" Buy="26,108.00" Transfer="26,138.00" Sell="26,378.00" />
//     …<Source>… - Vietcombank</Source></ExrateList>
// The rate kept is the bank's transfer buying rate (what the bank gives in đồng for one unit paid by card or
// transfer), its cash buying rate where it publishes no transfer rate; a currency with neither is left out.
// Writes with the service key (only the service role may write the table); --dry-run prints what it would write.
import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

export interface Rate {
  currency: string;
  vnd_per_unit: number;
  source: string;
  as_of: string;
}

export class RatesFileError extends Error {
  override name = 'RatesFileError';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi, (_m, name: string, dec?: string, hex?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ENTITIES[name]!,
  );

/** The attributes of one start tag's text (`A="1" B='2'`), names as written. */
function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out[m[1]!] = decode(m[2] ?? m[3]!);
  return out;
}

/** "26,138.00" → 26138; "-" or empty → null (the bank publishes no such rate). */
export function parseBankNumber(s: string | undefined): number | null {
  const t = (s ?? '').trim();
  if (t === '' || t === '-') return null;
  if (!/^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(t)) throw new RatesFileError(`not a rate: "${t}"`);
  return Number(t.replace(/,/g, ''));
}

/** The list's "M/D/YYYY h:mm:ss AM" (Vietnam time) → its date, "YYYY-MM-DD". */
export function parseBankDate(s: string): string {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(s);
  if (!m) throw new RatesFileError(`the list's date is not M/D/YYYY: "${s.trim()}"`);
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) throw new RatesFileError(`no such date: "${s.trim()}"`);
  return d.toISOString().slice(0, 10);
}

/** The source named by the list's <Source> ("… - Vietcombank" → "Vietcombank"). */
function sourceName(text: string | undefined): string {
  const full = decode((text ?? '').trim());
  if (/vietcombank/i.test(full)) return 'Vietcombank';
  if (!full) throw new RatesFileError('the list names no <Source>');
  return full.slice(0, 100);
}

/** The rates of a Vietcombank XML list; a clear RatesFileError when the file is not one. */
export function parseVietcombankXml(xml: string): Rate[] {
  if (!/<ExrateList[\s>]/.test(xml)) throw new RatesFileError('not an exchange-rate list: no <ExrateList>');
  const date = /<DateTime>([^<]*)<\/DateTime>/.exec(xml);
  if (!date) throw new RatesFileError('the list has no <DateTime>');
  const as_of = parseBankDate(decode(date[1]!));
  const source = sourceName(/<Source>([^<]*)<\/Source>/.exec(xml)?.[1]);
  const rates: Rate[] = [];
  for (const m of xml.matchAll(/<Exrate\b([^>]*?)\/?>/g)) {
    const a = attributes(m[1]!);
    const currency = (a.CurrencyCode ?? '').trim().toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw new RatesFileError(`not a currency code: "${a.CurrencyCode ?? ''}"`);
    if (currency === 'VND') continue;
    const rate = parseBankNumber(a.Transfer) ?? parseBankNumber(a.Buy);
    if (rate === null || rate <= 0) continue;
    rates.push({ currency, vnd_per_unit: rate, source, as_of });
  }
  if (rates.length === 0) throw new RatesFileError('the list has no usable rate');
  return rates;
}

/** A local file's text, or a URL's body. */
export async function readRatesFile(where: string): Promise<string> {
  if (/^https?:\/\//i.test(where)) {
    const res = await fetch(where, { headers: { accept: 'application/xml, text/xml' } });
    if (!res.ok) throw new RatesFileError(`${where} answered ${res.status}`);
    return res.text();
  }
  return readFileSync(where, 'utf8');
}

/** Writes the rates (one row per currency, replaced), with the service role's client. */
export async function saveRates(service: SupabaseClient, rates: Rate[]): Promise<void> {
  const now = new Date().toISOString();
  const { error } = await service.from('exchange_rates').upsert(
    rates.map((r) => ({ ...r, updated_at: now })),
    { onConflict: 'currency' },
  );
  if (error) throw new Error(`exchange_rates not written: ${error.message}`);
}

async function main() {
  const args = process.argv.slice(2);
  const dry = args.includes('--dry-run');
  const where = args.find((a) => !a.startsWith('--'));
  if (!where) {
    console.error('usage: tsx scripts/vn-rates.ts <rates file or URL> [--dry-run]');
    process.exit(2);
  }
  const rates = parseVietcombankXml(await readRatesFile(where));
  for (const r of rates) console.log(`${r.currency} ${r.vnd_per_unit} VND (${r.source}, ${r.as_of})`);
  if (dry) return;
  const url = process.env.SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) throw new Error("set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the project's service key)");
  await saveRates(createClient(url, key, { auth: { persistSession: false } }), rates);
  console.log(`${rates.length} rates saved`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
