// ApiRequest/QueryParams (PostgREST's PostgREST.ApiRequest.QueryParams): the query language as
// postgrest-js emits it: `select`, filters (`col=not.op.value`), logic trees (`or=(a.eq.1,and(b.gt.2))`),
// `order`, `limit`/`offset` (also per embedded resource), `columns`, `on_conflict`. Pure functions;
// failures are PGRST100 errors.
import { badQuery } from '../errors.ts';

export interface JsonStep {
  op: '->' | '->>';
  key: string;
  /** `->0`, `->-1`: an array index (a bare integer; a quoted `"0"` is a key), as PostgREST's `JIdx`. */
  index?: boolean;
}
export interface Field {
  name: string;
  path: JsonStep[];
}
export interface SelectColumn {
  type: 'column';
  field: Field;
  alias?: string;
  /** Cast of the column (for an aggregate: of its input). */
  cast?: string;
  /** `col.sum()`, `count()` (field name '' = all rows); the result is named after the function unless aliased. */
  agg?: { fn: 'count' | 'sum' | 'avg' | 'max' | 'min'; cast?: string };
}
export interface SelectStar {
  type: 'star';
}
export interface SelectEmbed {
  type: 'embed';
  name: string;
  alias?: string;
  hint?: string;
  joinType?: 'inner' | 'left';
  spread: boolean;
  select: SelectItem[];
}
export type SelectItem = SelectColumn | SelectStar | SelectEmbed;

export interface Filter {
  type: 'filter';
  field: Field;
  negate: boolean;
  op: string;
  quant?: 'any' | 'all';
  modifier?: string;
  value: string;
  list?: string[];
}
export interface LogicTree {
  type: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}
export type Condition = Filter | LogicTree;

export interface OrderTerm {
  field: Field;
  /** `order=rel(col)`: a column of a to-one embedded resource. */
  relation?: string;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface NodeParams {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export const FILTER_OPS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);
const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

const NAME_STOP = new Set([',', '(', ')', '!', ':', '.', '"']);

class Cursor {
  i = 0;
  constructor(
    readonly s: string,
    readonly what: string,
  ) {}
  peek(n = 1) {
    return this.s.slice(this.i, this.i + n);
  }
  eof() {
    return this.i >= this.s.length;
  }
  fail(expecting: string): never {
    const ch = this.eof() ? 'end of input' : `"${this.s[this.i]}"`;
    throw badQuery(`failed to parse ${this.what} (${this.s})`, `unexpected ${ch} expecting ${expecting}`);
  }
  expect(t: string) {
    if (this.peek(t.length) !== t) this.fail(`"${t}"`);
    this.i += t.length;
  }
  /** Spaces and tabs, which PostgREST's grammar skips around select items, commas and parentheses (its `ws`). */
  ws() {
    while (this.s[this.i] === ' ' || this.s[this.i] === '\t') this.i++;
  }
  /** An identifier: bare (stops at punctuation and `->`) or double-quoted. */
  name(expecting = 'field name'): string {
    if (this.peek() === '"') {
      let out = '';
      this.i++;
      while (!this.eof() && this.peek() !== '"') {
        if (this.peek() === '\\' && this.i + 1 < this.s.length) this.i++;
        out += this.s[this.i++];
      }
      this.expect('"');
      if (!out) this.fail(expecting);
      return out;
    }
    const start = this.i;
    while (!this.eof() && !NAME_STOP.has(this.s[this.i]!) && this.peek(2) !== '->' && this.peek(2) !== '::') this.i++;
    // as PostgREST's identifiers, a bare name may hold spaces; leading and trailing ones are dropped
    const out = trimWs(this.s.slice(start, this.i));
    if (!out) {
      this.i = start;
      this.fail(expecting);
    }
    return out;
  }
  /**
   * A bare JSON key as PostgREST's pJsonKeyName reads it: any characters but `(` `)` `:` `.` `,` `>` (so `!@#$%^&*_d`
   * is a key), a `-` only when not starting an arrow; outer spaces dropped.
   */
  jsonKey(): string {
    const start = this.i;
    while (!this.eof() && !'():.,>'.includes(this.s[this.i]!) && this.peek(2) !== '->') this.i++;
    const out = trimWs(this.s.slice(start, this.i));
    if (!out) {
      this.i = start;
      this.fail('"-", digit or any non reserved character different from: .,>()');
    }
    return out;
  }
  jsonPath(): JsonStep[] {
    const path: JsonStep[] = [];
    while (this.peek(2) === '->') {
      const op = this.peek(3) === '->>' ? '->>' : '->';
      this.i += op.length;
      const quoted = this.peek() === '"';
      const at = this.i;
      const key = quoted ? this.name('json key') : this.jsonKey();
      const index = !quoted && /^-?\d+$/.test(key);
      // as PostgREST's grammar: a key may not start with '-' unless it is a negative index
      if (!quoted && key.startsWith('-') && !index) {
        this.i = at + 1;
        this.fail('digit');
      }
      path.push(index ? { op, key, index } : { op, key });
    }
    return path;
  }
}

/** Drops leading and trailing spaces and tabs (not other characters: values keep theirs). */
export const trimWs = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');
const trimWsStart = (s: string) => s.replace(/^[ \t]+/, '');

const AGGREGATES = new Set(['count', 'sum', 'avg', 'max', 'min']);

/**
 * An optional `::type` at the cursor. As PostgREST's grammar, a cast is one type name (letters, digits,
 * `_`, `$`), here optionally followed by `[]`; anything else (spaces, a second word, punctuation) is a
 * parse error. The builder never splices it: it emits it as a quoted identifier (see castSql in query/sql-fragment.ts).
 */
function castAfter(c: Cursor): string | undefined {
  if (c.peek(2) !== '::') return undefined;
  c.i += 2;
  const m = /^[A-Za-z_][A-Za-z0-9_$]*(\[\])?/.exec(c.s.slice(c.i));
  if (!m) c.fail('a type name');
  c.i += m[0].length;
  return m[0];
}

export function parseSelect(s: string): SelectItem[] {
  const c = new Cursor(s, 'select parameter');
  if (s === '') return [{ type: 'star' }];
  const items = selectList(c, 0);
  if (!c.eof()) c.fail('"," or end of input');
  return items;
}

function selectList(c: Cursor, depth: number): SelectItem[] {
  if (depth > 16) c.fail('less nesting');
  const items: SelectItem[] = [];
  for (;;) {
    items.push(selectItem(c, depth));
    if (c.peek() === ',') {
      c.i++;
      continue;
    }
    return items;
  }
}

/** One select item with the spaces around it, as PostgREST's `lexeme` reads them (`select=id, name, rel( id )`). */
function selectItem(c: Cursor, depth: number): SelectItem {
  c.ws();
  const item = selectItemBare(c, depth);
  c.ws();
  return item;
}

function selectItemBare(c: Cursor, depth: number): SelectItem {
  if (c.peek() === '*') {
    c.i++;
    return { type: 'star' };
  }
  let spread = false;
  if (c.peek(3) === '...') {
    c.i += 3;
    spread = true;
  }
  let alias: string | undefined;
  let name = c.name();
  if (c.peek() === ':' && c.peek(2) !== '::') {
    c.i++;
    alias = name;
    if (c.peek(3) === '...') {
      c.i += 3;
      spread = true;
    }
    name = c.name();
  }
  if (!spread && name === 'count' && c.peek(2) === '()') {
    c.i += 2;
    return { type: 'column', field: { name: '', path: [] }, alias, agg: { fn: 'count', cast: castAfter(c) } };
  }
  if (c.peek() === '!' || c.peek() === '(') {
    let hint: string | undefined;
    let joinType: 'inner' | 'left' | undefined;
    while (c.peek() === '!') {
      c.i++;
      const h = c.name('hint or join type');
      if (h === 'inner' || h === 'left') joinType = h;
      else if (hint === undefined) hint = h;
      else c.fail('"inner" or "left"');
    }
    c.expect('(');
    c.ws();
    const select = c.peek() === ')' ? [] : selectList(c, depth + 1);
    c.expect(')');
    return { type: 'embed', name, alias, hint, joinType, spread, select };
  }
  if (spread) c.fail('"(" after a spread resource');
  const path = c.jsonPath();
  const cast = castAfter(c);
  if (c.peek() === '.') {
    c.i++;
    const fn = c.name('an aggregate function');
    if (!AGGREGATES.has(fn)) c.fail('an aggregate function (count, sum, avg, max, min)');
    c.expect('(');
    c.expect(')');
    return { type: 'column', field: { name, path }, alias, cast, agg: { fn: fn as 'count', cast: castAfter(c) } };
  }
  return { type: 'column', field: { name, path }, alias, cast };
}

/** Splits at top-level commas, respecting double quotes and parentheses. */
export function splitTop(s: string, what: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      cur += ch;
      if (ch === '\\' && i + 1 < s.length) cur += s[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth < 0) throw badQuery(`failed to parse ${what} (${s})`, 'unbalanced parentheses');
    if (ch === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (quoted || depth !== 0) throw badQuery(`failed to parse ${what} (${s})`, 'unbalanced quotes or parentheses');
  out.push(cur);
  return out;
}

const unquote = (v: string) =>
  v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;

export function parseField(s: string, what: string): Field {
  const c = new Cursor(s, what);
  c.ws();
  const name = c.name();
  const path = c.jsonPath();
  c.ws();
  if (!c.eof()) c.fail('"->", "->>" or end of input');
  return { name, path };
}

/** `[not.]op[(modifier)].value` for `field`; `inTree` unquotes a quoted value. */
export function parseOpValue(field: Field, raw: string, inTree: boolean): Filter {
  const m = /^(not\.)?([a-z]+)(?:\(([A-Za-z0-9_]+)\))?\.([\s\S]*)$/.exec(raw);
  if (!m || !FILTER_OPS.has(m[2]!))
    throw badQuery(
      `failed to parse filter (${raw})`,
      `unexpected "${raw.slice(0, 1)}" expecting an operator such as eq, neq, gt, in, is`,
    );
  const op = m[2]!;
  let modifier: string | undefined = m[3];
  let quant: 'any' | 'all' | undefined;
  if (modifier === 'any' || modifier === 'all') {
    if (!QUANTIFIABLE.has(op))
      throw badQuery(`failed to parse filter (${raw})`, `the ${op} operator does not take a quantifier`);
    quant = modifier;
    modifier = undefined;
  } else if (modifier !== undefined && !['fts', 'plfts', 'phfts', 'wfts'].includes(op)) {
    throw badQuery(`failed to parse filter (${raw})`, `the ${op} operator does not take a modifier`);
  }
  let value = m[4]!;
  const f: Filter = { type: 'filter', field, negate: !!m[1], op, modifier, quant, value };
  if (op === 'in') {
    // PostgREST's pListVal: spaces around the parentheses are skipped, the elements keep theirs
    const list = trimWs(value);
    if (!list.startsWith('(') || !list.endsWith(')'))
      throw badQuery(`failed to parse filter (${raw})`, 'unexpected value expecting "(" list ")"');
    const inner = trimWsStart(list.slice(1, -1));
    f.list = inner === '' ? [] : splitList(inner);
  } else if (op === 'is') {
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
      throw badQuery(
        `failed to parse filter (${raw})`,
        'unexpected value expecting null, not_null, true, false or unknown',
      );
    }
    f.value = value.toLowerCase();
  } else {
    if (inTree) value = unquote(value);
    if (quant) {
      if (!value.startsWith('{') || !value.endsWith('}'))
        throw badQuery(`failed to parse filter (${raw})`, 'unexpected value expecting "{" list "}"');
    }
    f.value = value;
  }
  return f;
}

/**
 * The elements of an in-list as PostgREST's pListElement reads them: a double-quoted element (backslash escapes)
 * when a `,` or the end follows its closing quote, else the raw text up to the next `,` (a lone `"` is a value).
 * One leniency: an unescaped quote inside a quoted element is kept (supabase-js sends them so).
 */
function splitList(inner: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    let elem: string | undefined;
    if (inner[i] === '"') {
      let j = i + 1;
      let v = '';
      for (;;) {
        while (j < inner.length && inner[j] !== '"') {
          if (inner[j] === '\\' && j + 1 < inner.length) j++;
          v += inner[j++];
        }
        if (j >= inner.length) break;
        if (j + 1 === inner.length || inner[j + 1] === ',') {
          elem = v;
          i = j + 1;
          break;
        }
        // Stricter PostgREST would end the quoted value here and read the rest raw; supabase-js's .in() does not
        // escape inner quotes (`"Kyoto Garden, "Annex""`), so an inner quote is kept as a character
        v += inner[j++];
      }
    }
    if (elem === undefined) {
      const end = inner.indexOf(',', i);
      elem = inner.slice(i, end < 0 ? inner.length : end);
      i = end < 0 ? inner.length : end;
    }
    out.push(elem);
    if (i >= inner.length) return out;
    i++; // the comma
  }
}

/** PostgREST parses a logic tree up to its closing parenthesis and ignores what follows (`and=(a.eq.1))`). */
function treeEnd(s: string): number {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i + 1;
  }
  return s.length;
}

export function parseLogic(type: 'and' | 'or', negate: boolean, raw: string, depth = 0): LogicTree {
  if (depth > 16) throw badQuery(`failed to parse logic tree (${raw})`, 'too deeply nested');
  // as PostgREST's pLogicTree: spaces around the parentheses and commas of a tree are skipped
  let tree = trimWs(raw);
  if (depth === 0 && tree.startsWith('(')) tree = tree.slice(0, treeEnd(tree));
  if (!tree.startsWith('(') || !tree.endsWith(')'))
    throw badQuery(`failed to parse logic tree (${raw})`, 'unexpected value expecting "("');
  const inner = tree.slice(1, -1);
  const children: Condition[] = [];
  for (const rawPart of splitTop(inner, 'logic tree')) {
    const part = trimWsStart(rawPart);
    const lm = /^(not\.)?(and|or)[ \t]*(\([\s\S]*\))[ \t]*$/.exec(part);
    if (lm) {
      children.push(parseLogic(lm[2] as 'and' | 'or', !!lm[1], lm[3]!, depth + 1));
      continue;
    }
    // field.[not.]op.value ; the field may carry a JSON path; the value keeps its spaces (an in-list's are skipped)
    const c = new Cursor(part, 'logic tree');
    const name = c.name();
    const path = c.jsonPath();
    c.ws();
    if (c.peek() !== '.')
      throw badQuery(`failed to parse logic tree (${raw})`, `unexpected "${part}" expecting field.operator.value`);
    c.i++;
    children.push(parseOpValue({ name, path }, part.slice(c.i), true));
  }
  return { type, negate, children };
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTop(raw, 'order').map((rawTerm) => {
    const term = trimWs(rawTerm);
    const parts = term.split('.').map(trimWs);
    let nulls: OrderTerm['nulls'];
    let dir: OrderTerm['dir'];
    if (parts.length > 1 && ['nullsfirst', 'nullslast'].includes(parts[parts.length - 1]!))
      nulls = parts.pop() === 'nullsfirst' ? 'first' : 'last';
    if (parts.length > 1 && ['asc', 'desc'].includes(parts[parts.length - 1]!)) dir = parts.pop() as 'asc' | 'desc';
    const f = parts.join('.');
    const rm = /^([^()]+)\(([^()]+)\)$/.exec(f);
    if (rm) return { relation: rm[1]!, field: parseField(rm[2]!, 'order'), dir, nulls };
    if (!f) throw badQuery(`failed to parse order (${raw})`, 'unexpected empty column');
    return { field: parseField(f, 'order'), dir, nulls };
  });
}

export function parseNonNegInt(v: string, what: string): number {
  if (!/^\d{1,15}$/.test(v))
    throw badQuery(`failed to parse ${what} parameter (${v})`, 'unexpected value expecting a non-negative integer');
  return Number(v);
}

/** `columns=` : `"a","b"` or `a,b` */
export function parseColumns(raw: string): string[] {
  return splitTop(raw, 'columns').map((x) => {
    const v = unquote(x.trim());
    if (!v) throw badQuery(`failed to parse columns parameter (${raw})`, 'unexpected empty column');
    return v;
  });
}

export interface QueryParts {
  select: SelectItem[];
  columns?: string[];
  onConflict?: string[];
  /** Per embedded path ('' = the top level): filters, order, limit, offset. */
  nodes: Map<string, NodeParams>;
  /** RPC GET arguments: every value of each, in the order sent (a repeated one feeds a variadic parameter). */
  rpcArgs: Map<string, string[]>;
}

/**
 * On a GET call, PostgREST takes a parameter whose value is not an operator expression (`eq.1`, `not.in.(…)`)
 * as an argument of the function, and the others as filters on its result (`?id=5&id=gt.2`: argument id = 5,
 * filter id > 2), whatever the function's parameter names.
 */
function asFilter(field: Field, value: string): Filter | null {
  try {
    return parseOpValue(field, value, false);
  } catch {
    return null;
  }
}

export function parseQuery(params: URLSearchParams, opts: { rpcRead?: boolean } = {}): QueryParts {
  const nodes = new Map<string, NodeParams>();
  const node = (p: string) => {
    let n = nodes.get(p);
    if (!n) nodes.set(p, (n = { conditions: [] }));
    return n;
  };
  node('');
  const out: QueryParts = { select: [{ type: 'star' }], nodes, rpcArgs: new Map() };
  for (const [key, value] of params) {
    if (key === 'select') {
      out.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      out.columns = parseColumns(value);
      continue;
    }
    if (key === 'on_conflict') {
      out.onConflict = parseColumns(value);
      continue;
    }
    const arrow = key.indexOf('->');
    const head = arrow >= 0 ? key.slice(0, arrow) : key;
    const segs = head.split('.');
    const last = segs[segs.length - 1]!;
    if (arrow < 0 && ['order', 'limit', 'offset', 'or', 'and'].includes(last) && segs.length >= 1) {
      let pathSegs = segs.slice(0, -1);
      let negate = false;
      if ((last === 'or' || last === 'and') && pathSegs[pathSegs.length - 1] === 'not') {
        negate = true;
        pathSegs = pathSegs.slice(0, -1);
      }
      const n = node(pathSegs.join('.'));
      if (last === 'order') n.order = parseOrder(value);
      else if (last === 'limit') n.limit = parseNonNegInt(value, 'limit');
      else if (last === 'offset') n.offset = parseNonNegInt(value, 'offset');
      else n.conditions.push(parseLogic(last as 'and' | 'or', negate, value));
      continue;
    }
    if (key === '') throw badQuery('failed to parse filter', 'empty parameter name');
    const field = parseField(segs[segs.length - 1]! + (arrow >= 0 ? key.slice(arrow) : ''), 'filter');
    if (opts.rpcRead) {
      const f = asFilter(field, value);
      if (f) node(segs.slice(0, -1).join('.')).conditions.push(f);
      else out.rpcArgs.set(key, [...(out.rpcArgs.get(key) ?? []), value]);
      continue;
    }
    node(segs.slice(0, -1).join('.')).conditions.push(parseOpValue(field, value, false));
  }
  return out;
}
