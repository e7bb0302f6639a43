// postgres_changes filters as realtime-js sends them: `column=op.value` with op one of
// eq neq lt lte gt gte in (`in.(a,b,"c,d")`). Evaluated against the captured row (JSON values).

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
export interface ParsedFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** Returns null for no filter; throws on a malformed one. */
export function parseFilter(filter: string | undefined | null): ParsedFilter | null {
  if (filter === undefined || filter === null || filter === '') return null;
  const m = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(filter);
  if (!m || !OPS.has(m[2] as FilterOp)) throw new Error(`Error parsing \`filter\` params: ${filter}`);
  const column = m[1]!.trim();
  const op = m[2] as FilterOp;
  const raw = m[3]!;
  if (op !== 'in') return { column, op, values: [raw] };
  const inner = /^\((.*)\)$/s.exec(raw);
  if (!inner) throw new Error(`Error parsing \`filter\` params: ${filter}`);
  return { column, op, values: splitList(inner[1]!) };
}

function splitList(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && quoted && i + 1 < s.length) cur += s[++i];
    else if (ch === ',' && !quoted) {
      out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/** -1/0/1 comparison of a JSON column value with a filter literal, or null when not comparable. */
function compare(value: unknown, literal: string): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    const n = Number(literal);
    if (literal.trim() === '' || Number.isNaN(n)) return null;
    return value < n ? -1 : value > n ? 1 : 0;
  }
  if (typeof value === 'boolean') {
    const b = literal === 'true' || literal === 't' ? true : literal === 'false' || literal === 'f' ? false : null;
    if (b === null) return null;
    return value === b ? 0 : value ? 1 : -1;
  }
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  // Numeric strings (bigint/numeric come through to_jsonb as numbers, but be lenient).
  if (/^-?\d+(\.\d+)?$/.test(s) && /^-?\d+(\.\d+)?$/.test(literal)) {
    const a = Number(s);
    const b = Number(literal);
    return a < b ? -1 : a > b ? 1 : 0;
  }
  return s < literal ? -1 : s > literal ? 1 : 0;
}

export function matchesFilter(f: ParsedFilter | null, row: Record<string, unknown> | null): boolean {
  if (!f) return true;
  if (!row || !(f.column in row)) return false;
  const v = row[f.column];
  switch (f.op) {
    case 'eq':
      return compare(v, f.values[0]!) === 0;
    case 'neq': {
      const c = compare(v, f.values[0]!);
      return c !== null && c !== 0;
    }
    case 'lt':
      return compare(v, f.values[0]!) === -1;
    case 'lte': {
      const c = compare(v, f.values[0]!);
      return c === -1 || c === 0;
    }
    case 'gt':
      return compare(v, f.values[0]!) === 1;
    case 'gte': {
      const c = compare(v, f.values[0]!);
      return c === 1 || c === 0;
    }
    case 'in':
      return f.values.some((x) => compare(v, x) === 0);
  }
}
