// The kinds of difference issue #33 lists, and a heuristic that puts a failed case under one of them from
// its spec file, its request and the answer (the first rule that matches wins; "other" when none does).
import type { SpecRequest } from './hspec.ts';

export const KINDS = [
  {
    id: 'faults',
    title: 'the three faults: non-Latin-1 schema names, column privileges after writes, deferred constraints',
  },
  { id: 'put', title: 'PUT (upsert of one row by its key)' },
  { id: 'whitespace', title: 'whitespace inside select, and/or trees, in.(…) lists' },
  { id: 'media', title: 'media types beyond JSON and CSV (geo+json, custom handlers, text, xml, octet-stream, …)' },
  { id: 'rpc', title: 'RPC: unknown arguments, variadic, OUT parameters, setof record, overloads' },
  { id: 'arrow', title: 'arrow operators (->, ->>): output names, arrays, composites' },
  { id: 'aggregates', title: 'aggregates with embeds and spreads' },
  {
    id: 'relationships',
    title: 'relationships: views, other schemas, disambiguation and hints, computed relationships',
  },
  { id: 'bodies', title: 'request bodies that are not JSON (form-urlencoded, CSV, text, binary)' },
  { id: 'writes', title: 'writes: columns=, missing=default, order of returned rows, 200/201, column privileges' },
  {
    id: 'other',
    title:
      'other: timezone, response.status/headers from SQL, pre-request, counts, PATCH edge cases, JWT, error wording',
  },
] as const;

export type KindId = (typeof KINDS)[number]['id'];

const JSONISH = /^(application\/(json|vnd\.pgrst\.(object|array|plan)(\+json|\+text)?)|text\/csv|\*\/\*)\b/;

export function classify(file: string, r: SpecRequest, res: { status: number; body: string }): KindId {
  const header = (n: string) => r.headers.find(([k]) => k.toLowerCase() === n)?.[1];
  const rawQuery = r.path.split('?').slice(1).join('?').replace(/\+/g, ' ');
  let query: string;
  try {
    query = decodeURIComponent(rawQuery);
  } catch {
    query = rawQuery;
  }
  if (/UnicodeSpec/.test(file)) return 'faults';
  if (r.method === 'PUT') return 'put';
  if (/(^|&)(select|or|and|[\w.]+)=[^&]*(, | ,|\( | \))/.test(query) || /\bin\.\([^)]* /.test(query))
    return 'whitespace';
  const accept = header('accept');
  if (
    /CustomMediaSpec|RawOutputTypesSpec|PostGISSpec/.test(file) ||
    (accept !== undefined && accept.split(',').some((a) => !JSONISH.test(a.trim())))
  )
    return 'media';
  if (r.path.startsWith('/rpc/')) return 'rpc';
  if (/->/.test(query)) return 'arrow';
  if (/AggregateFunctionsSpec/.test(file) || /\.(count|sum|avg|max|min)\(\)|count\(\)/.test(query)) return 'aggregates';
  if (
    /EmbedDisambiguationSpec|ComputedRelsSpec|RelatedQueriesSpec|EmbedInnerJoinSpec|SpreadQueriesSpec|MultipleSchemaSpec/.test(
      file,
    ) ||
    /PGRST20[01]/.test(res.body)
  )
    return 'relationships';
  const ct = header('content-type');
  if (['POST', 'PATCH'].includes(r.method) && ct !== undefined && !/json/.test(ct)) return 'bodies';
  if (['POST', 'PATCH', 'DELETE'].includes(r.method)) return 'writes';
  return 'other';
}
