// MediaType (PostgREST's PostgREST.MediaType): what `Accept` asks for, and the `Content-Type`
// answered. JSON arrays (optionally `nulls=stripped`), single objects, CSV and execution plans.
import { restError, type RestError } from './errors.ts';

export type Media = {
  /** `custom`: a media type handler of the database (plan/negotiate.ts); `none`: no built-in type matched (406 unless a handler does). */
  kind: 'json' | 'object' | 'csv' | 'geojson' | 'plan' | 'custom' | 'none';
  strip: boolean;
  plan?: PlanMedia;
  /** The accepted media types, in PostgREST's order, up to the built-in one chosen (handlers may claim an earlier one). */
  accepts?: AcceptEntry[];
  /** For `custom`: the handler and the Content-Type it answers with. */
  handler?: MediaHandler;
  mime?: string;
};
/** One entry of `Accept`: `main/sub` lowercased, and the entry as PostgREST names it in its 406 (toMime). */
export interface AcceptEntry {
  type: string;
  shown: string;
}
/**
 * A media type handler, as PostgREST v12+ reads them from the database: an aggregate returning a domain named like a
 * media type (`create domain "text/tab-separated-values" as text`) over a table's rows (or `anyelement`: every
 * table), or a function returning such a domain (its value is the body).
 */
export interface MediaHandler {
  kind: 'agg' | 'fn';
  /** agg: the aggregate; fn: the domain the value is cast to. */
  schema: string;
  name: string;
  /** agg: the row type the aggregate takes (null = anyelement). */
  target: { schema: string; name: string } | null;
  /** The domain's base type: bytea bodies are sent as bytes, jsonb as PostgREST sends it (its binary format's version byte first). */
  base: string;
  /** The media type answered (the domain's name; `*\/*` answers application/octet-stream). */
  mime: string;
}
/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|settings|buffers|wal`. */
export type PlanMedia = { format: 'json' | 'text'; for: string; options: string[] };
const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

/**
 * `Accept` as PostgREST reads it (wai's parseHttpAccept): entries ordered by `q` (highest first), then the more
 * specific (fewer `*`, more parameters) first, else as sent; spaces dropped; `q` itself removed.
 */
export function parseAccept(accept: string): { raw: string; type: string; params: string[] }[] {
  return accept
    .split(',')
    .map((part, i) => {
      const flat = part.replace(/[ \t]/g, '');
      const qAt = flat.indexOf(';q=');
      const raw = qAt >= 0 ? flat.slice(0, qAt) : flat;
      const q = qAt >= 0 ? Number(flat.slice(qAt + 3).split(';')[0]) : 1;
      const [type, ...params] = raw.split(';');
      const stars = (raw.match(/\*/g) ?? []).length;
      return {
        raw,
        type: (type ?? '').toLowerCase(),
        params: params.map((x) => x.toLowerCase()),
        q: Number.isNaN(q) ? 0 : q,
        stars,
        i,
      };
    })
    .filter((e) => e.raw !== '')
    .sort((a, b) => b.q - a.q || a.stars - b.stars || b.params.length - a.params.length || a.i - b.i);
}

/** PostgREST's name of a media type in its 406 message (its toMime of the decoded type). */
function shownMime(type: string, raw: string): string {
  const known: Record<string, string> = {
    'application/json': 'application/json',
    'application/geo+json': 'application/geo+json',
    'text/csv': 'text/csv',
    'text/plain': 'text/plain',
    'text/xml': 'text/xml',
    'application/openapi+json': 'application/openapi+json',
    'application/x-www-form-urlencoded': 'application/x-www-form-urlencoded',
    'application/octet-stream': 'application/octet-stream',
    '*/*': '*/*',
  };
  return known[type] ?? raw;
}

const ANY: AcceptEntry[] = [{ type: '*/*', shown: '*/*' }];

export function negotiate(accept: string | undefined): Media {
  // no Accept: PostgREST takes it as `*/*` (which a table's `*/*` handler answers)
  if (!accept || !accept.trim()) return { kind: 'json', strip: false, accepts: ANY };
  const accepts: AcceptEntry[] = [];
  for (const { raw, type, params } of parseAccept(accept)) {
    accepts.push({ type, shown: shownMime(type, raw) });
    const strip = params.includes('nulls=stripped');
    const planMatch = /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.exec(type ?? '');
    if (planMatch) {
      const param = (k: string) =>
        params
          .find((x) => x.startsWith(`${k}=`))
          ?.slice(k.length + 1)
          .replace(/^"|"$/g, '');
      const options = (param('options') ?? '').split('|').filter(Boolean);
      if (options.some((o) => !PLAN_OPTIONS.has(o))) continue;
      return {
        kind: 'plan',
        strip: false,
        plan: { format: planMatch[1] === '+json' ? 'json' : 'text', for: param('for') ?? 'application/json', options },
        accepts,
      };
    }
    switch (type) {
      case 'application/json':
      case '*/*':
      case 'application/*':
        return { kind: 'json', strip: false, accepts };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'json', strip, accepts };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', strip, accepts };
      case 'text/csv':
        return { kind: 'csv', strip: false, accepts };
      case 'application/geo+json':
        return { kind: 'geojson', strip: false, accepts };
    }
  }
  return { kind: 'none', strip: false, accepts };
}

/** 406 PGRST107, worded as PostgREST: the accepted media types, as it names them. */
export function noMediaType(m: Media): RestError {
  return restError(
    406,
    'PGRST107',
    `None of these media types are available: ${(m.accepts ?? []).map((a) => a.shown).join(', ')}`,
  );
}

/** The media types PostgREST knows by name: answered with `; charset=utf-8` (octet-stream and other types without). */
const CHARSET_TYPES = new Set([
  'application/json',
  'application/geo+json',
  'text/csv',
  'text/plain',
  'text/xml',
  'application/openapi+json',
  'application/x-www-form-urlencoded',
]);

export function contentType(m: Media): string {
  if (m.kind === 'custom') {
    const t = m.mime!.toLowerCase();
    return CHARSET_TYPES.has(t) ? `${t}; charset=utf-8` : m.mime!;
  }
  if (m.kind === 'plan') return `application/vnd.pgrst.plan+${m.plan!.format}; for="${m.plan!.for}"; charset=utf-8`;
  if (m.kind === 'csv') return 'text/csv; charset=utf-8';
  if (m.kind === 'geojson') return 'application/geo+json; charset=utf-8';
  if (m.kind === 'object') return `application/vnd.pgrst.object+json${m.strip ? ';nulls=stripped' : ''}; charset=utf-8`;
  return m.strip ? 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' : 'application/json; charset=utf-8';
}
