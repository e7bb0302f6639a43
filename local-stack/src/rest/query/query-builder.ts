// Query/QueryBuilder (PostgREST's PostgREST.Query.QueryBuilder): turns a read (select tree, filters,
// order, embeds) into one SQL statement that builds the response body as JSON inside Postgres. Every
// identifier is double-quoted, every value from the request is a bound parameter ($n); the only other
// text in the statement is the builder's own or comes from pg_catalog (argument and row type names).
// Casts are one type name, emitted as a quoted identifier (castSql in sql-fragment.ts).
import { badBody, badQuery, restError, RestError } from '../errors.ts';
import type {
  Condition,
  Field,
  Filter,
  NodeParams,
  OrderTerm,
  SelectEmbed,
  SelectItem,
} from '../api-request/query-params.ts';
import { qkey, repKey, type Column, type SchemaCache, type Table } from '../schema-cache.ts';
import type { QueryParts } from '../api-request/query-params.ts';
import type { Media, MediaHandler } from '../media-type.ts';
import type { MutatePlan } from '../plan/mutate-plan.ts';
import { findRel } from '../plan/relationships.ts';
import { castSql, ident, Params, pgArray, qualified } from './sql-fragment.ts';
import { GUCS_SQL } from './statements.ts';

export { ident, qualified, Params } from './sql-fragment.ts';

export interface Env {
  cache: SchemaCache;
  schema: string;
  params: Params;
  nodes: Map<string, NodeParams>;
  usedPaths: Set<string>;
  n: number;
  /** Answer with the execution plan (EXPLAIN options) instead of rows. */
  plan?: { format: 'json' | 'text'; for: string; options: string[] };
  /** The table (row type) behind each alias of the statement, for computed fields. */
  aliases?: Map<string, Table>;
  /** Aggregates in select (`pgrst.db_aggregates_enabled` set on the authenticator role, as PostgREST reads it). */
  aggregates?: boolean;
  /** Set by buildRead: `from … where …` of the count query (PostgREST's readPlanToCountQuery), for planned counts. */
  countFrom?: string;
  /**
   * The statement may run SQL that sets response.status/headers: a function (a call's rows, a computed field or
   * relationship, a data representation, a media handler) or a table that may (Table.mayRespond: a view, a
   * foreign or partitioned table, triggers). Only then does the read select those settings (see buildRead).
   */
  mayRespond?: boolean;
}

/** Something rows come from: a table/view, a CTE with a table's row type, or a function call. */
export interface Source {
  table: Table;
  /** FROM item text without alias, e.g. `"public"."t"`; may start with a join prefix for RPC. */
  from: string;
  alias: string;
}

export function fieldExpr(env: Env, alias: string, f: Field): string {
  // a computed field: f(row) in the table's schema cache, called with the whole row
  const t = env.aliases?.get(alias);
  const cf = t && !t.columns.has(f.name) ? env.cache.computed.get(qkey(t.schema, t.name))?.get(f.name) : undefined;
  // the row cast to its table's type: from a CTE (a write's rows) it is an anonymous record, and overloads of f for
  // several tables would be ambiguous (PostgREST's computed_overload)
  if (cf) env.mayRespond = true;
  const e = cf
    ? `${qualified(cf.schema, cf.name)}(${ident(alias)}.*::${qualified(t!.schema, t!.name)})`
    : `${ident(alias)}.${ident(f.name)}`;
  return f.path.length ? jsonPathSql(env, e, cf ? undefined : t?.columns.get(f.name)?.type, f) : e;
}

/**
 * `col->a->>0`, as PostgREST's pgFmtField: a json/jsonb column takes the arrows directly; any other column
 * (arrays, composites, text…) goes through `to_jsonb` first, so `arr->0` and `composite->>field` work.
 * Keys are bound text parameters; indexes (`->0`, `->-1`) integers.
 */
function jsonPathSql(env: Env, col: string, type: string | undefined, f: Field): string {
  let e = type === 'json' || type === 'jsonb' ? col : `to_jsonb(${col})`;
  for (const step of f.path)
    e += `${step.op}${step.index ? `(${env.params.add(Number(step.key))}::int)` : `${env.params.add(step.key)}::text`}`;
  return e;
}

const OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  isdistinct: 'is distinct from',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function filterSql(env: Env, alias: string, table: Table, f: Filter, embeds: Map<string, EmbedInfo>): string {
  const p = env.params;
  let sql: string;
  const emb = f.field.path.length === 0 ? embeds.get(f.field.name) : undefined;
  if (emb && !table.columns.has(f.field.name)) {
    // `rel=is.null` / `rel=not.is.null`: keep rows whose embedded resource is (not) empty
    if (f.op !== 'is' || (f.value !== 'null' && f.value !== 'not_null')) {
      throw restError(
        400,
        'PGRST120',
        `Bad operator on the '${f.field.name}' embedded resource`,
        'Only is null or not is null filters are allowed on embedded resources',
      );
    }
    sql = `${emb.marker} is ${f.value === 'null' ? '' : 'not '}null`;
    return f.negate ? `not (${sql})` : sql;
  }
  const col = fieldExpr(env, alias, f.field);
  const like = (v: string) => (f.op === 'like' || f.op === 'ilike' ? v.replace(/\*/g, '%') : v);
  if (f.op === 'is') {
    sql = `${col} is ${{ null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[f.value as 'null']}`;
  } else if (f.op === 'in') {
    const parse = inputRep(env, table, f.field, 'text');
    sql = parse
      ? `${col} = any(array(select ${parse}(${ident('pgrst_v')}) from unnest(${p.add(pgArray(f.list ?? []))}::text[]) as ${ident('pgrst_v')}))`
      : `${col} = any(${p.add(pgArray(f.list ?? []))})`;
  } else if (FTS[f.op]) {
    const cfg = f.modifier ? `${p.add(f.modifier)}::regconfig, ` : '';
    // a tsvector (a column of it or of a domain over it, a computed field returning it) is matched as it is
    const colType = f.field.path.length === 0 ? table.columns.get(f.field.name) : undefined;
    const computedTsv =
      f.field.path.length === 0 &&
      !colType &&
      env.cache.computed.get(qkey(table.schema, table.name))?.get(f.field.name)?.tsvector;
    const vec = colType?.tsvector || computedTsv ? col : `to_tsvector(${cfg}${col})`;
    sql = `${vec} @@ ${FTS[f.op]}(${cfg}${p.add(f.value)})`;
  } else if (f.quant) {
    sql = `${col} ${OPS[f.op]} ${f.quant}(${filterValue(env, table, f, like(f.value))})`;
  } else {
    sql = `${col} ${OPS[f.op]} ${filterValue(env, table, f, like(f.value))}`;
  }
  return f.negate ? `not (${sql})` : sql;
}

function conditionSql(env: Env, alias: string, table: Table, c: Condition, embeds: Map<string, EmbedInfo>): string {
  if (c.type === 'filter') return filterSql(env, alias, table, c, embeds);
  const inner = c.children
    .map((x) => conditionSql(env, alias, table, x, embeds))
    .join(c.type === 'and' ? ' and ' : ' or ');
  return c.negate ? `not (${inner})` : `(${inner})`;
}

/**
 * Data representations (PostgREST's "domain representations"): a column of a domain with an implicit cast to json
 * is selected through the cast's function (named after the column unless aliased); a filter value on a column whose
 * domain has a cast from text goes through that function (not for like/ilike, as PostgREST).
 */
function outputRep(env: Env, table: Table, f: Field, e: string): string {
  if (env.cache.reps.size === 0 || f.path.length) return e;
  const type = table.columns.get(f.name)?.type;
  const fn = type !== undefined ? env.cache.reps.get(repKey(type, 'json')) : undefined;
  if (fn) env.mayRespond = true;
  return fn ? `${qualified(fn.schema, fn.name)}(${e})` : e;
}

/** The function parsing `from` (text: filter values; json: request bodies) into the field's domain, if any. */
export function inputRep(env: Env, table: Table, f: Field, from: 'text' | 'json'): string | undefined {
  if (env.cache.reps.size === 0 || f.path.length) return undefined;
  const type = table.columns.get(f.name)?.type;
  const fn = type !== undefined ? env.cache.reps.get(repKey(from, type)) : undefined;
  if (fn) env.mayRespond = true;
  return fn ? qualified(fn.schema, fn.name) : undefined;
}

function filterValue(env: Env, table: Table, f: Filter, value: string): string {
  const parse = f.op === 'like' || f.op === 'ilike' ? undefined : inputRep(env, table, f.field, 'text');
  return parse ? `${parse}(${env.params.add(value)}::text)` : env.params.add(value);
}

/** `*` spelled out as the table's columns when one of them has an output representation, as PostgREST expands it. */
function withRepStars(env: Env, table: Table, items: SelectItem[]): SelectItem[] {
  if (env.cache.reps.size === 0 || !items.some((i) => i.type === 'star')) return items;
  const cols = [...table.columns.values()];
  if (!cols.some((c) => env.cache.reps.has(repKey(c.type, 'json')))) return items;
  return items.flatMap((it): SelectItem[] =>
    it.type === 'star' ? cols.map((c) => ({ type: 'column', field: { name: c.name, path: [] } })) : [it],
  );
}

interface EmbedInfo {
  joinAlias: string;
  /** The expression that is null when the embedded resource is absent/empty. */
  marker: string;
  toOne: boolean;
  spread: boolean;
  /** A spread's columns as the parent sees them (they group the parent's rows when it aggregates). */
  spreadCols: string[];
  /** A spread's output in order: column names, and aggregates of a to-one spread (and of spreads inside it),
   * which the parent applies over the spread's rows. */
  spreadOut: (string | Hoisted)[];
  /** A JSON embed's output (its projection's index and expression), grouped by when the parent aggregates. */
  output?: { idx: number; expr: string; key: string };
}

/**
 * An aggregate inside a to-one spread: PostgREST applies it at the level the spread's columns land on, grouped by
 * that level's other columns. The spread's query selects the aggregate's input as `col`; the parent aggregates it.
 */
interface Hoisted {
  col: string;
  fn: string;
  cast?: string;
  alias: string;
}

export interface NodeSql {
  select: string[];
  joins: string[];
  where: string[];
  orderBy: string[];
  limit?: string;
  offset?: string;
  /** With aggregates in the select: the plain columns, which group the rows. */
  groupBy?: string[];
}

function orderSql(env: Env, alias: string, terms: OrderTerm[], embeds: Map<string, EmbedInfo>): string[] {
  return terms.map((t) => {
    let e: string;
    if (t.relation !== undefined) {
      const emb = embeds.get(t.relation);
      if (!emb)
        throw restError(
          400,
          'PGRST108',
          `'${t.relation}' is not an embedded resource in this request`,
          null,
          `Verify that '${t.relation}' is included in the 'select' query parameter.`,
        );
      if (!emb.toOne)
        throw restError(
          400,
          'PGRST118',
          `A related order on '${t.relation}' is not possible`,
          `'${alias}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
        );
      e = emb.spread
        ? fieldExpr(env, emb.joinAlias, t.field)
        : `(${emb.marker}::jsonb -> ${env.params.add(t.field.name)}::text)`;
    } else e = fieldExpr(env, alias, t.field);
    return `${e} ${t.dir ?? 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
  });
}

/** The key a selected field answers under: PostgREST names a JSON path after its last key (indexes skipped), else the column. */
const outputName = (f: Field) => [...f.path].reverse().find((s) => !s.index)?.key ?? f.name;

/** Projections, lateral joins and conditions of one level of a read (top level or an embed). */
export function buildNode(env: Env, src: Source, items: SelectItem[], path: string, hoist?: Hoisted[]): NodeSql {
  const { table, alias } = src;
  (env.aliases ??= new Map()).set(alias, table);
  if (table.mayRespond) env.mayRespond = true;
  const out: NodeSql = { select: [], joins: [], where: [], orderBy: [] };
  const embeds = new Map<string, EmbedInfo>();
  const plain: string[] = [];
  const joinNames = new Set<string>();
  const outputs: { idx: number; expr: string; key: string }[] = [];
  let aggregated = false;
  for (const it of withRepStars(env, table, items)) {
    if (it.type === 'star') out.select.push(`${ident(alias)}.*`);
    else if (it.type === 'column' && it.agg) {
      if (!env.aggregates) throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      let input = it.field.name === '' ? '*' : fieldExpr(env, alias, it.field);
      if (it.cast && input !== '*') input = `(${input})::${castSql(it.cast)}`;
      if (hoist) {
        // inside a to-one spread: hand the input up; `count()` counts the rows the spread found
        const col = `pgrst_agg_${++env.n}`;
        out.select.push(`${input === '*' ? 'true' : input} as ${ident(col)}`);
        hoist.push({ col, fn: it.agg.fn, cast: it.agg.cast, alias: it.alias ?? it.agg.fn });
        continue;
      }
      aggregated = true;
      let e = `${it.agg.fn}(${input})`;
      if (it.agg.cast) e = `(${e})::${castSql(it.agg.cast)}`;
      out.select.push(`${e} as ${ident(it.alias ?? it.agg.fn)}`);
    } else if (it.type === 'column') {
      let e = outputRep(env, table, it.field, fieldExpr(env, alias, it.field));
      if (it.cast) e = `(${e})::${castSql(it.cast)}`;
      plain.push(e);
      out.select.push(`${e} as ${ident(it.alias ?? outputName(it.field))}`);
    } else {
      // PostgREST names each embed's lateral join after its parent, its name (or alias) and its depth: two
      // embeds with one name at one level make Postgres refuse the statement (42712), here as there
      const joinName = `${table.name}_${it.alias ?? it.name}_${path ? path.split('.').length + 1 : 1}`;
      if (!it.spread && joinNames.has(joinName))
        throw restError(400, '42712', `table name "${joinName}" specified more than once`);
      if (!it.spread) joinNames.add(joinName);
      const info = buildEmbed(env, src, it, path, out);
      plain.push(...info.spreadCols);
      if (info.output) outputs.push(info.output);
      for (const h of info.spreadOut) {
        if (typeof h === 'string') {
          out.select.push(`${ident(info.joinAlias)}.${ident(h)} as ${ident(h)}`);
          continue;
        }
        const e = `${ident(info.joinAlias)}.${ident(h.col)}`;
        if (hoist) {
          out.select.push(`${e} as ${ident(h.col)}`);
          hoist.push(h);
        } else {
          aggregated = true;
          let agg = `${h.fn}(${e})`;
          if (h.cast) agg = `(${agg})::${castSql(h.cast)}`;
          out.select.push(`${agg} as ${ident(h.alias)}`);
        }
      }
      embeds.set(it.alias ?? it.name, info);
      if (it.alias) embeds.set(it.name, embeds.get(it.name) ?? info);
    }
  }
  if (aggregated) {
    // embedded resources group the rows too (PostgREST), as jsonb: json has no equality
    for (const o of outputs) {
      out.select[o.idx] = `${o.expr}::jsonb as ${ident(o.key)}`;
      plain.push(`${o.expr}::jsonb`);
    }
    out.groupBy = plain;
  }
  const params = env.nodes.get(path);
  env.usedPaths.add(path);
  if (params) {
    for (const c of params.conditions) out.where.push(conditionSql(env, alias, table, c, embeds));
    if (params.order) out.orderBy = orderSql(env, alias, params.order, embeds);
    if (params.limit !== undefined && path !== '') out.limit = `${env.params.add(params.limit)}::bigint`;
    if (params.offset !== undefined && path !== '') out.offset = `${env.params.add(params.offset)}::bigint`;
  }
  return out;
}

function buildEmbed(env: Env, parent: Source, e: SelectEmbed, path: string, out: NodeSql): EmbedInfo {
  const rel = findRel(env, parent.table, e.name, e.hint);
  const toOne = rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
  const key = e.alias ?? e.name;
  const childPath = path ? `${path}.${key}` : key;
  const childAlias = `${rel.foreign.name}_${++env.n}`;
  // a spread needs its output names: `*` stands for the table's columns
  const items = e.spread
    ? e.select.flatMap((it): SelectItem[] =>
        it.type === 'star'
          ? [...rel.foreign.columns.keys()].map((name) => ({ type: 'column', field: { name, path: [] } }))
          : [it],
      )
    : e.select;
  const hoisted: Hoisted[] = [];
  if (e.spread && !toOne && hasAggregate(items))
    throw restError(
      400,
      'PGRST127',
      'Feature not implemented',
      'Aggregates are not implemented for one-to-many or many-to-many spreads.',
    );
  const child = buildNode(
    env,
    { table: rel.foreign, from: qualified(rel.foreign.schema, rel.foreign.name), alias: childAlias },
    items,
    childPath,
    e.spread && toOne ? hoisted : undefined,
  );
  if (e.alias && !env.nodes.has(childPath) && env.nodes.has(path ? `${path}.${e.name}` : e.name)) {
    // filters may name the embed by its relation name too
    const alt = buildNode(
      env,
      { table: rel.foreign, from: '', alias: childAlias },
      [],
      path ? `${path}.${e.name}` : e.name,
    );
    child.where.push(...alt.where);
    if (alt.orderBy.length) child.orderBy = alt.orderBy;
    child.limit ??= alt.limit;
    child.offset ??= alt.offset;
  }
  let from = `${qualified(rel.foreign.schema, rel.foreign.name)} as ${ident(childAlias)}`;
  const conds: string[] = [];
  if (rel.computed) {
    env.mayRespond = true;
    // the function gets the parent's whole row and yields the related rows itself
    from = `${qualified(rel.computed.schema, rel.computed.name)}(${ident(parent.alias)}.*) as ${ident(childAlias)}`;
  } else if (rel.junction) {
    const j = `${childAlias}_jt`;
    from += ` join ${qualified(rel.junction.table.schema, rel.junction.table.name)} as ${ident(j)} on ${rel.junction.tgtCols.map(([jc, tc]) => `${ident(j)}.${ident(jc)} = ${ident(childAlias)}.${ident(tc)}`).join(' and ')}`;
    conds.push(
      ...rel.junction.srcCols.map(([jc, sc]) => `${ident(j)}.${ident(jc)} = ${ident(parent.alias)}.${ident(sc)}`),
    );
  } else {
    conds.push(
      ...rel.cols.map(([pc, fc]) => `${ident(childAlias)}.${ident(fc)} = ${ident(parent.alias)}.${ident(pc)}`),
    );
  }
  const inner = selectText(
    child.select.length ? child.select : [],
    from,
    child.joins,
    [...conds, ...child.where],
    child.orderBy,
    child.limit,
    child.offset,
    child.groupBy,
  );
  const joinAlias = `${childAlias}_j`;
  const r = ident(`${childAlias}_r`);
  let marker: string;
  let spreadCols: string[] = [];
  let output: EmbedInfo['output'];
  let spreadOut: (string | Hoisted)[] = [];
  if (e.spread) {
    const hoistedCols = new Set(hoisted.map((h) => h.col));
    const names = child.select.map(spreadName).filter((n) => !hoistedCols.has(n));
    spreadCols = names.map((n) => `${ident(joinAlias)}.${ident(n)}`);
    if (toOne) {
      out.joins.push(
        `left join lateral (${selectText([...child.select, `true as ${ident('pgrst_exists')}`], from, child.joins, [...conds, ...child.where], child.orderBy, child.limit, child.offset, child.groupBy)}) as ${ident(joinAlias)} on true`,
      );
      marker = `${ident(joinAlias)}.${ident('pgrst_exists')}`;
    } else {
      // to-many: each column becomes an array, the arrays correlated (PostgREST's spread of a to-many embed)
      const cols = names.map((n) => `coalesce(json_agg(${r}.${ident(n)}), '[]')::jsonb as ${ident(n)}`);
      out.joins.push(
        `left join lateral (select ${[...cols, `nullif(count(${r}), 0) as ${ident('pgrst_exists')}`].join(', ')} from (${inner}) as ${r}) as ${ident(joinAlias)} on true`,
      );
      marker = `${ident(joinAlias)}.${ident('pgrst_exists')}`;
    }
    // the spread's columns land here in its own order; its aggregates are placed by the node (buildNode)
    const byCol = new Map(hoisted.map((h) => [h.col, h]));
    spreadOut = child.select.map(spreadName).map((n) => byCol.get(n) ?? n);
  } else if (toOne) {
    out.joins.push(
      `left join lateral (select row_to_json(${r}) as v from (${inner}) as ${r}) as ${ident(joinAlias)} on true`,
    );
    // an embed with an empty select (`rel()`) only filters: it is not part of the output
    if (!emptyEmbed(e)) {
      output = { idx: out.select.length, expr: `${ident(joinAlias)}.v`, key };
      out.select.push(`${ident(joinAlias)}.v as ${ident(key)}`);
    }
    marker = `${ident(joinAlias)}.v`;
  } else {
    out.joins.push(
      `left join lateral (select json_agg(${r}) as v from (${inner}) as ${r}) as ${ident(joinAlias)} on true`,
    );
    if (!emptyEmbed(e)) {
      output = { idx: out.select.length, expr: `coalesce(${ident(joinAlias)}.v, '[]')`, key };
      out.select.push(`coalesce(${ident(joinAlias)}.v, '[]') as ${ident(key)}`);
    }
    marker = `${ident(joinAlias)}.v`;
  }
  if (e.joinType === 'inner') out.where.push(`${marker} is not null`);
  return { joinAlias, marker, toOne, spread: e.spread, spreadCols, spreadOut, output };
}

/** Whether a select list (or a spread inside it) holds an aggregate. */
function hasAggregate(items: SelectItem[]): boolean {
  return items.some(
    (it) => (it.type === 'column' && !!it.agg) || (it.type === 'embed' && it.spread && hasAggregate(it.select)),
  );
}

/** `rel()`, or an embed holding only such embeds (`a(b(c()))`): it filters (with `!inner`) but is not output (PostgREST). */
function emptyEmbed(e: SelectEmbed): boolean {
  return e.select.every((it) => it.type === 'embed' && emptyEmbed(it));
}

/** The output column name of a projection built by buildNode (`... as "x"`); `*` is not spreadable by name. */
function spreadName(proj: string): string {
  const m = /as "((?:[^"]|"")*)"$/.exec(proj);
  if (!m)
    throw restError(
      400,
      'PGRST127',
      'Feature not implemented',
      "Use explicit columns (not '*' or nested embeds) inside a spread resource",
    );
  return m[1]!.replace(/""/g, '"');
}

export function selectText(
  select: string[],
  from: string,
  joins: string[],
  where: string[],
  orderBy: string[],
  limit?: string,
  offset?: string,
  groupBy?: string[],
): string {
  return [
    `select ${select.length ? select.join(', ') : ''}`,
    `from ${from}`,
    ...joins,
    where.length ? `where ${where.join(' and ')}` : '',
    groupBy?.length ? `group by ${groupBy.join(', ')}` : '',
    orderBy.length ? `order by ${orderBy.join(', ')}` : '',
    limit ? `limit ${limit}` : '',
    offset ? `offset ${offset}` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export function checkUnusedPaths(env: Env): void {
  for (const p of env.nodes.keys()) {
    if (p === '' || env.usedPaths.has(p)) continue;
    const n = env.nodes.get(p)!;
    if (!n.conditions.length && n.order === undefined && n.limit === undefined && n.offset === undefined) continue;
    // PostgREST names the first step of the path that is not embedded (`a.b.c` with `a` embedded: `b`)
    const steps = p.split('.');
    let i = 0;
    while (i < steps.length - 1 && env.usedPaths.has(steps.slice(0, i + 1).join('.'))) i++;
    throw restError(
      400,
      'PGRST108',
      `'${steps[i]}' is not an embedded resource in this request`,
      null,
      `Verify that '${steps[i]}' is included in the 'select' query parameter.`,
    );
  }
}

export interface ReadOpts {
  /** Count the rows the filters select: all of them (true), or at most this many (estimated counts), or not. */
  count: boolean | number;
  /** The body as PostgREST writes CSV: Postgres's record text of each row under a header of the keys. */
  csv?: boolean;
  /** The body as a GeoJSON FeatureCollection through this PostGIS function (`ST_AsGeoJSON(record)`, qualified). */
  geojson?: string;
  /** The body through a media type handler of the database (PostgREST v12+), instead of JSON. */
  handler?: MediaHandler;
  /** Top-level limit (already capped at max rows) as a number; null = none. */
  limit: number | null;
  offset: number;
  stripNulls: boolean;
  /** Column list wrapper for the final projection (text/csv etc. do it in Node). */
}

/**
 * The final statement: `total` (or null), `page` (rows on this page), `body` (JSON array text).
 * `src.from` is the source FROM item; `pre` is a WITH clause for mutations.
 */
export function buildRead(env: Env, src: Source, items: SelectItem[], opts: ReadOpts, pre = ''): string {
  const node = buildNode(env, src, items, '');
  checkUnusedPaths(env);
  const from = `${src.from} as ${ident(src.alias)}`;
  const limit = opts.limit !== null ? `${env.params.add(opts.limit)}::bigint` : undefined;
  const offset = opts.offset ? `${env.params.add(opts.offset)}::bigint` : undefined;
  const page = selectText(node.select, from, node.joins, node.where, node.orderBy, limit, offset, node.groupBy);
  const needJoins = node.where.some((w) => w.includes('_j"'));
  const countFrom = selectText([], from, needJoins ? node.joins : [], node.where, []).replace(/^select /, '');
  env.countFrom = countFrom;
  const total =
    opts.count === true
      ? `(select count(*) ${countFrom})`
      : typeof opts.count === 'number'
        ? `(select count(*) from (select 1 ${countFrom} limit ${env.params.add(opts.count)}::bigint) as ${ident('pgrst_c')})`
        : 'null::bigint';
  const r = ident('pgrst_r');
  const agg = `coalesce(json_agg(${r}), '[]')`;
  let body = opts.stripNulls ? `json_strip_nulls(${agg})` : agg;
  if (opts.csv)
    // PostgREST's CSV: the first row's keys, then each row as Postgres writes a record, without its parentheses
    body = `coalesce((select string_agg(k, ',') from json_object_keys(json_agg(${r}) -> 0) as k), '') || E'\\n' || coalesce(string_agg(substring(${r}::text, 2, length(${r}::text) - 2), E'\\n'), '')`;
  else if (opts.handler) body = handlerSql(opts.handler, r);
  else if (opts.geojson)
    body = `json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(${opts.geojson}(${r})::json), '[]'))`;
  // PostgREST reads response.status/headers after every statement; here only where something in it (or the
  // pre-request function, earlier in the transaction) can have set them: two settings read per plain read cost
  // PGlite 3-4 % of its CPU per request (local-stack/README.md, bench)
  const responds =
    env.mayRespond ||
    !!opts.handler ||
    !!opts.geojson ||
    !!env.cache.roleSettings.get('authenticator')?.['pgrst.db_pre_request'];
  const gucs = responds ? GUCS_SQL : 'null::text as gh, null::text as gs';
  return `${pre}select ${total}::text as total, count(${r})::int as page, ${body}::text as body, ${gucs} from (${page}) as ${r}`;
}

/**
 * The body a media type handler makes of `input` (the page's rows for an aggregate, as PostgREST casts them to the
 * handler's row type; the value for a function returning a media type domain), as text: bytea as base64, which
 * response.ts sends as bytes.
 */
export function handlerSql(h: MediaHandler, input: string): string {
  const v =
    h.kind === 'agg'
      ? `${qualified(h.schema, h.name)}(${input}${h.target ? `::${qualified(h.target.schema, h.target.name)}` : ''})`
      : `(${input})::${qualified(h.schema, h.name)}`;
  return h.base === 'bytea' ? `encode(${v}, 'base64')` : `(${v})::text`;
}

/** A pseudo-table for function results whose row type is not a table. */
export function pseudoTable(schema: string, name: string, columns: Map<string, Column>): Table {
  return { schema, name, kind: 'f', columns, pk: [], uniques: [] };
}

export function unknownColumn(table: Table, col: string): RestError {
  return restError(400, 'PGRST204', `Could not find the '${col}' column of '${table.name}' in the schema cache`);
}

export { badQuery };

/** The builder's environment for one request; PostgREST's in-database configuration (settings of the authenticator role) switches plans and aggregates on. */
export function builderEnv(cache: SchemaCache, schema: string, q: QueryParts, media: Media): Env {
  const setting = (k: string) => cache.roleSettings.get('authenticator')?.[k] === 'true';
  if (media.kind === 'plan' && !setting('pgrst.db_plan_enabled')) {
    const p = media.plan!;
    throw restError(
      406,
      'PGRST107',
      `None of these media types are available: application/vnd.pgrst.plan+${p.format}; for="${p.for}"; options=${p.options.join('|')};`,
    );
  }
  return {
    cache,
    schema,
    params: new Params(),
    nodes: q.nodes,
    usedPaths: new Set(),
    n: 0,
    aggregates: setting('pgrst.db_aggregates_enabled'),
    plan: media.plan,
  };
}

/** The INSERT/UPDATE/DELETE statement of a mutate plan (without RETURNING); root filters become its WHERE. */
export function mutateSql(env: Env, src: Source, plan: MutatePlan): string {
  const { table } = src;
  const target = `${qualified(env.schema, table.name)} as ${ident(table.name)}`;
  const rowType = qualified(env.schema, table.name);
  const p = env.params;
  if (plan.kind === 'insert') {
    const { rows, cols } = plan;
    const colList = cols.map(ident).join(', ');
    let dml: string;
    if (rows.length === 0) {
      dml = `insert into ${target} select * from json_populate_recordset(null::${rowType}, ${p.add('[]')}::json) where false`;
    } else if (cols.length === 0) {
      const first = [...table.columns.keys()][0];
      if (!first) throw badBody();
      dml = `insert into ${target} (${ident(first)}) values ${rows.map(() => '(default)').join(', ')}`;
    } else if (plan.missingDefault) {
      // As PostgREST (missing=default): every row is the object of the inserted columns' defaults, evaluated
      // for every row, overlaid with the row's own keys; so a sequence advances for each row, as there.
      // Default expressions come from pg_catalog (pg_get_expr), like type names.
      const defs = cols
        .map((c) => [c, table.columns.get(c)?.default] as const)
        .filter((x): x is readonly [string, string] => !!x[1])
        .map(([c, d]) => `${p.add(c)}::text, ${d}`);
      const elems = `(select jsonb_agg(jsonb_build_object(${defs.join(', ')}) || ${ident('pgrst_elem')}) from jsonb_array_elements(${p.add(JSON.stringify(rows))}::jsonb) as ${ident('pgrst_elem')})`;
      dml = `insert into ${target} (${colList}) select ${colList} from ${populate(env, table, cols, rowType, elems, 'jsonb', true)}`;
    } else if (plan.put) {
      // PUT: only the body's rows that match the URL's primary key filters are written (PostgREST: PGRST115 otherwise)
      const body = ident('pgrst_body');
      const where = buildNode(env, { table, from: '', alias: 'pgrst_body' }, [], '').where;
      dml = `insert into ${target} (${colList}) select ${cols.map((c) => `${body}.${ident(c)}`).join(', ')} from (select * from ${populate(env, table, cols, rowType, `${p.add(JSON.stringify(rows))}::json`, 'json', true)}) as ${body} where ${where.join(' and ')}`;
    } else {
      dml = `insert into ${target} (${colList}) select ${colList} from ${populate(env, table, cols, rowType, `${p.add(JSON.stringify(rows))}::json`, 'json', true)}`;
    }
    if (plan.onConflict) {
      const sets = cols.map((c) => `${ident(c)} = excluded.${ident(c)}`);
      // As PostgREST, merged rows are counted in a transaction setting as the update's condition evaluates
      // (pgrst.updated): an upsert that inserted nothing answers 200 instead of 201.
      const counted = `set_config('pgrst.updated', (coalesce(nullif(current_setting('pgrst.updated', true), '')::int, 0) + 1)::text, true) <> '-1'`;
      dml += ` on conflict (${plan.onConflict.cols.map(ident).join(', ')}) do ${plan.onConflict.resolution === 'ignore-duplicates' || !sets.length ? 'nothing' : `update set ${sets.join(', ')} where ${counted}`}`;
    }
    return dml;
  }
  if (plan.kind === 'update') {
    const { cols, body } = plan;
    const where = buildNode(env, src, [], '').where;
    if (!cols.length) where.push('false');
    const sets = cols.length
      ? cols.map((c) => `${ident(c)} = ${ident('pgrst_body')}.${ident(c)}`)
      : [
          `${ident([...table.columns.keys()][0] ?? 'id')} = ${ident(table.name)}.${ident([...table.columns.keys()][0] ?? 'id')}`,
        ];
    let record: string;
    if (!plan.missingDefault)
      record = populate(env, table, cols, rowType, `${p.add(JSON.stringify(body))}::json`, 'json', false);
    else {
      // the listed columns missing from the body take their default (PostgREST: defaults || body, as jsonb)
      const defs = cols
        .map((c) => [c, table.columns.get(c)?.default] as const)
        .filter((x): x is readonly [string, string] => !!x[1])
        .map(([c, d]) => `${p.add(c)}::text, ${d}`);
      record = populate(
        env,
        table,
        cols,
        rowType,
        `jsonb_build_object(${defs.join(', ')}) || ${p.add(JSON.stringify(body))}::jsonb`,
        'jsonb',
        false,
      );
    }
    return `update ${target} set ${sets.join(', ')} from (select * from ${record}) as ${ident('pgrst_body')}${where.length ? ` where ${where.join(' and ')}` : ''}`;
  }
  const where = buildNode(env, src, [], '').where;
  return `delete from ${target}${where.length ? ` where ${where.join(' and ')}` : ''}`;
}

/**
 * The rows of a request body as the table's row type (`json_populate_recordset`), with data representations
 * applied as PostgREST applies them to bodies: a column whose domain has an implicit cast from json is parsed by
 * the cast's function from the row's JSON value (the other columns as Postgres reads them).
 */
function populate(
  env: Env,
  table: Table,
  cols: string[],
  rowType: string,
  json: string,
  kind: 'json' | 'jsonb',
  many: boolean,
): string {
  const parsed = cols
    .map((c) => [c, inputRep(env, table, { name: c, path: [] }, 'json')] as const)
    .filter((x): x is readonly [string, string] => !!x[1]);
  if (!parsed.length) return `${kind}_populate_record${many ? 'set' : ''}(null::${rowType}, ${json})`;
  const e = ident('pgrst_e');
  const r = ident('pgrst_rec');
  const repCols = new Map(parsed);
  const keys = env.params.add(pgArray(parsed.map(([c]) => c)));
  const proj = [...table.columns.keys()].map((c) => {
    const fn = repCols.get(c);
    return fn ? `${fn}((${e}.value -> ${env.params.add(c)}::text)::json) as ${ident(c)}` : `${r}.${ident(c)}`;
  });
  const elems = many ? `${kind}_array_elements(${json}) as ${e}(value)` : `(select ${json} as value) as ${e}`;
  return `(select ${proj.join(', ')} from ${elems} cross join lateral jsonb_populate_record(null::${rowType}, ${e}.value::jsonb - ${keys}::text[]) as ${r}) as ${ident('pgrst_rows')}`;
}
