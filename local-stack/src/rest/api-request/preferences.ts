// ApiRequest/Preferences (PostgREST's PostgREST.ApiRequest.Preferences): the `Prefer` header.
// Unknown or malformed preferences are kept in `invalid` (handling=strict refuses them: PGRST122).
export interface Prefs {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  maxAffected?: number;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  /** `timezone=…`: the transaction's TimeZone (PostgREST sets it; Postgres refuses an unknown one, 22023). */
  timezone?: string;
  invalid: string[];
}

export function parsePrefer(header: string | string[] | undefined): Prefs {
  const p: Prefs = { invalid: [] };
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq).trim();
    const v = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) p.missing = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) p.handling = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) p.tx = v;
    else if (k === 'max-affected' && /^\d+$/.test(v)) p.maxAffected = Number(v);
    else if (k === 'timezone' && eq > 0) p.timezone ??= v;
    else if (!['tx', 'timezone', 'max-affected', 'params'].includes(k ?? '')) p.invalid.push(part);
  }
  return p;
}
