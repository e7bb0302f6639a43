// Query/QueryBuilder (PostgREST's PostgREST.Query.QueryBuilder): renders a plan (plan/read-plan.ts,
// plan/mutate-plan.ts) as one SQL statement that builds the response body as JSON inside Postgres. It looks
// nothing up: every table, relationship, column, computed field and data representation comes resolved in the
// plan. Every identifier is double-quoted, every value from the request is a bound parameter ($n); the only
// other text in the statement is the builder's own or comes from pg_catalog (argument and row type names,
// default expressions). Casts are one type name, emitted as a quoted identifier (castSql in sql-fragment.ts).
import { badBody, restError } from '../errors.ts';
import type { Media, MediaHandler } from '../media-type.ts';
import type { MutatePlan } from '../plan/mutate-plan.ts';
import type { Filter } from '../api-request/query-params.ts';
import type { EmbedPlan, PlanCondition, PlanField, PlanOrder, ReadPlan } from '../plan/read-plan.ts';
import type { SchemaCache, Table } from '../schema-cache/index.ts';
import { castSql, ident, Params, pgArray, qualified } from './sql-fragment.ts';
import { GUCS_SQL } from './statements.ts';

export { ident, qualified, Params } from './sql-fragment.ts';

/** What rendering one request's statements keeps: its parameters, the names it made, what the SQL may do. */
export interface Env {
  params: Params;
  /** Numbers the statement's aliases (`users_1`) and hoisted aggregates. */
  n: number;
  /** Answer with the execution plan (EXPLAIN options) instead of rows. */
  plan?: { format: 'json' | 'text'; for: string; options: string[] };
  /** The database runs a pre-request function (`pgrst.db_pre_request`): it may set response.status/headers. */
  preRequest: boolean;
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

/** A field of the rows `alias` names: a column, or a computed field called with the whole row. */
function fieldExpr(env: Env, alias: string, f: PlanField): string {
  // the row cast to its table's type: from a CTE (a write's rows) it is an anonymous record, and overloads of f for
  // several tables would be ambiguous (PostgREST's computed_overload)
  const cf = f.computed;
  if (cf) env.mayRespond = true;
  const e = cf
    ? `${qualified(cf.schema, cf.name)}(${ident(alias)}.*::${qualified(f.table!.schema, f.table!.name)})`
    : `${ident(alias)}.${ident(f.name)}`;
  return f.path.length ? jsonPathSql(env, e, f.column?.type, f) : e;
}

/**
 * `col->a->>0`, as PostgREST's pgFmtField: a json/jsonb column takes the arrows directly; any other column
 * (arrays, composites, text…) goes through `to_jsonb` first, so `arr->0` and `composite->>field` work.
 * Keys are bound text parameters; indexes (`->0`, `->-1`) integers.
 */
function jsonPathSql(env: Env, col: string, type: string | undefined, f: PlanField): string {
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

function conditionSql(env: Env, alias: string, c: PlanCondition, embeds: Map<string, EmbedSql>): string {
  if (c.type === 'embed-null') {
    // `rel=is.null` / `rel=not.is.null`: keep rows whose embedded resource is (not) empty
    const sql = `${embeds.get(c.embed)!.marker} is ${c.filter.value === 'null' ? '' : 'not '}null`;
    return c.filter.negate ? `not (${sql})` : sql;
  }
  if (c.type === 'filter') return filterSql(env, alias, c.filter, c.field);
  const inner = c.children.map((x) => conditionSql(env, alias, x, embeds)).join(c.type === 'and' ? ' and ' : ' or ');
  return c.negate ? `not (${inner})` : `(${inner})`;
}

function filterSql(env: Env, alias: string, f: Filter, field: PlanField): string {
  const p = env.params;
  let sql: string;
  const col = fieldExpr(env, alias, field);
  const like = (v: string) => (f.op === 'like' || f.op === 'ilike' ? v.replace(/\*/g, '%') : v);
  if (f.op === 'is') {
    sql = `${col} is ${{ null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' }[f.value as 'null']}`;
  } else if (f.op === 'in') {
    const parse = fromText(env, field);
    sql = parse
      ? `${col} = any(array(select ${parse}(${ident('pgrst_v')}) from unnest(${p.add(pgArray(f.list ?? []))}::text[]) as ${ident('pgrst_v')}))`
      : `${col} = any(${p.add(pgArray(f.list ?? []))})`;
  } else if (FTS[f.op]) {
    const cfg = f.modifier ? `${p.add(f.modifier)}::regconfig, ` : '';
    // a tsvector (a column of it or of a domain over it, a computed field returning it) is matched as it is
    const tsvector = !field.path.length && (field.column?.tsvector || field.computed?.tsvector);
    const vec = tsvector ? col : `to_tsvector(${cfg}${col})`;
    sql = `${vec} @@ ${FTS[f.op]}(${cfg}${p.add(f.value)})`;
  } else if (f.quant) {
    sql = `${col} ${OPS[f.op]} ${f.quant}(${filterValue(env, f.op, field, like(f.value))})`;
  } else {
    sql = `${col} ${OPS[f.op]} ${filterValue(env, f.op, field, like(f.value))}`;
  }
  return f.negate ? `not (${sql})` : sql;
}

/**
 * Data representations (PostgREST's "domain representations"): a column of a domain with an implicit cast to json
 * is selected through the cast's function (named after the column unless aliased); a filter value on a column whose
 * domain has a cast from text goes through that function (not for like/ilike, as PostgREST).
 */
function toJson(env: Env, f: PlanField, e: string): string {
  if (!f.toJson) return e;
  env.mayRespond = true;
  return `${qualified(f.toJson.schema, f.toJson.name)}(${e})`;
}

/** The function parsing a filter value (text) into the field's domain, if any. */
function fromText(env: Env, f: PlanField): string | undefined {
  if (!f.fromText) return undefined;
  env.mayRespond = true;
  return qualified(f.fromText.schema, f.fromText.name);
}

function filterValue(env: Env, op: string, f: PlanField, value: string): string {
  const parse = op === 'like' || op === 'ilike' ? undefined : fromText(env, f);
  return parse ? `${parse}(${env.params.add(value)}::text)` : env.params.add(value);
}

/** An embed as its parent's statement has it. */
interface EmbedSql {
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

function orderSql(env: Env, alias: string, terms: PlanOrder[], embeds: Map<string, EmbedSql>): string[] {
  return terms.map(({ term: t, field, relation }) => {
    let e: string;
    if (relation) {
      const emb = embeds.get(relation.key)!;
      e = emb.spread
        ? fieldExpr(env, emb.joinAlias, field)
        : `(${emb.marker}::jsonb -> ${env.params.add(field.name)}::text)`;
    } else e = fieldExpr(env, alias, field);
    return `${e} ${t.dir ?? 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
  });
}

/** The key a selected field answers under: PostgREST names a JSON path after its last key (indexes skipped), else the column. */
const outputName = (f: PlanField) => [...f.path].reverse().find((s) => !s.index)?.key ?? f.name;

/** Projections, lateral joins and conditions of one level of a read (top level or an embed). */
function buildNode(env: Env, src: Source, node: ReadPlan, hoist?: Hoisted[]): NodeSql {
  const { table, alias } = src;
  if (table.mayRespond) env.mayRespond = true;
  const out: NodeSql = { select: [], joins: [], where: [], orderBy: [] };
  const embeds = new Map<string, EmbedSql>();
  const plain: string[] = [];
  const outputs: { idx: number; expr: string; key: string }[] = [];
  let aggregated = false;
  for (const it of node.select) {
    if (it.type === 'star') out.select.push(`${ident(alias)}.*`);
    else if (it.type === 'agg') {
      let input = it.field ? fieldExpr(env, alias, it.field) : '*';
      if (it.cast && input !== '*') input = `(${input})::${castSql(it.cast)}`;
      if (hoist) {
        // inside a to-one spread: hand the input up; `count()` counts the rows the spread found
        const col = `pgrst_agg_${++env.n}`;
        out.select.push(`${input === '*' ? 'true' : input} as ${ident(col)}`);
        hoist.push({ col, fn: it.fn, cast: it.aggCast, alias: it.alias });
        continue;
      }
      aggregated = true;
      let e = `${it.fn}(${input})`;
      if (it.aggCast) e = `(${e})::${castSql(it.aggCast)}`;
      out.select.push(`${e} as ${ident(it.alias)}`);
    } else if (it.type === 'column') {
      let e = toJson(env, it.field, fieldExpr(env, alias, it.field));
      if (it.cast) e = `(${e})::${castSql(it.cast)}`;
      plain.push(e);
      out.select.push(`${e} as ${ident(it.alias ?? outputName(it.field))}`);
    } else {
      const info = buildEmbed(env, src, it.embed, out);
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
      embeds.set(it.embed.key, info);
      if (it.embed.alias) embeds.set(it.embed.name, embeds.get(it.embed.name) ?? info);
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
  for (const c of node.where) out.where.push(conditionSql(env, alias, c, embeds));
  if (node.order) out.orderBy = orderSql(env, alias, node.order, embeds);
  if (node.limit !== undefined) out.limit = `${env.params.add(node.limit)}::bigint`;
  if (node.offset !== undefined) out.offset = `${env.params.add(node.offset)}::bigint`;
  return out;
}

function buildEmbed(env: Env, parent: Source, e: EmbedPlan, out: NodeSql): EmbedSql {
  const { rel, toOne, key } = e;
  const childAlias = `${rel.foreign.name}_${++env.n}`;
  const hoisted: Hoisted[] = [];
  const child = buildNode(
    env,
    { table: rel.foreign, from: qualified(rel.foreign.schema, rel.foreign.name), alias: childAlias },
    e.child,
    e.spread && toOne ? hoisted : undefined,
  );
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
  let output: EmbedSql['output'];
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
    if (!e.empty) {
      output = { idx: out.select.length, expr: `${ident(joinAlias)}.v`, key };
      out.select.push(`${ident(joinAlias)}.v as ${ident(key)}`);
    }
    marker = `${ident(joinAlias)}.v`;
  } else {
    out.joins.push(
      `left join lateral (select json_agg(${r}) as v from (${inner}) as ${r}) as ${ident(joinAlias)} on true`,
    );
    if (!e.empty) {
      output = { idx: out.select.length, expr: `coalesce(${ident(joinAlias)}.v, '[]')`, key };
      out.select.push(`coalesce(${ident(joinAlias)}.v, '[]') as ${ident(key)}`);
    }
    marker = `${ident(joinAlias)}.v`;
  }
  if (e.joinType === 'inner') out.where.push(`${marker} is not null`);
  return { joinAlias, marker, toOne, spread: e.spread, spreadCols, spreadOut, output };
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

export interface ReadOpts {
  /** Count the rows the filters select: all of them (true), or at most this many (estimated counts), or not. */
  count: boolean | number;
  /** The body as PostgREST writes CSV: Postgres's record text of each row under a header of the keys. */
  csv?: boolean;
  /** The body as a GeoJSON FeatureCollection through this PostGIS function (`ST_AsGeoJSON(record)`, qualified). */
  geojson?: string;
  /** The body through a media type handler of the database (PostgREST v12+), instead of JSON. */
  handler?: MediaHandler;
  stripNulls: boolean;
}

/**
 * The final statement of a read plan: `total` (or null), `page` (rows on this page), `body` (JSON array text).
 * `src.from` is the source FROM item; `pre` is a WITH clause for mutations. The plan's top level carries the
 * window (its limit and offset).
 */
export function buildRead(env: Env, src: Source, plan: ReadPlan, opts: ReadOpts, pre = ''): string {
  const node = buildNode(env, src, plan);
  const from = `${src.from} as ${ident(src.alias)}`;
  const page = selectText(
    node.select,
    from,
    node.joins,
    node.where,
    node.orderBy,
    node.limit,
    node.offset,
    node.groupBy,
  );
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
  // PGlite 3-4 % of its CPU per request (local-stack/docs/rest.md, bench)
  const responds = env.mayRespond || !!opts.handler || !!opts.geojson || env.preRequest;
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

/** The builder's environment for one request's statements. */
export function builderEnv(cache: SchemaCache, media: Media): Env {
  return {
    params: new Params(),
    n: 0,
    plan: media.plan,
    preRequest: !!cache.roleSettings.get('authenticator')?.['pgrst.db_pre_request'],
  };
}

/** The INSERT/UPDATE/DELETE statement of a mutate plan (without RETURNING); `filters` (the top level's) its WHERE. */
export function mutateSql(env: Env, src: Source, plan: MutatePlan, filters: ReadPlan): string {
  const { table } = src;
  const target = `${qualified(table.schema, table.name)} as ${ident(table.name)}`;
  const rowType = qualified(table.schema, table.name);
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
      dml = `insert into ${target} (${colList}) select ${colList} from ${populate(env, table, plan, rowType, elems, 'jsonb', true)}`;
    } else if (plan.put) {
      // PUT: only the body's rows that match the URL's primary key filters are written (PostgREST: PGRST115 otherwise)
      const body = ident('pgrst_body');
      const where = buildNode(env, { table, from: '', alias: 'pgrst_body' }, filters).where;
      dml = `insert into ${target} (${colList}) select ${cols.map((c) => `${body}.${ident(c)}`).join(', ')} from (select * from ${populate(env, table, plan, rowType, `${p.add(JSON.stringify(rows))}::json`, 'json', true)}) as ${body} where ${where.join(' and ')}`;
    } else {
      dml = `insert into ${target} (${colList}) select ${colList} from ${populate(env, table, plan, rowType, `${p.add(JSON.stringify(rows))}::json`, 'json', true)}`;
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
    const where = buildNode(env, src, filters).where;
    if (!cols.length) where.push('false');
    const sets = cols.length
      ? cols.map((c) => `${ident(c)} = ${ident('pgrst_body')}.${ident(c)}`)
      : [
          `${ident([...table.columns.keys()][0] ?? 'id')} = ${ident(table.name)}.${ident([...table.columns.keys()][0] ?? 'id')}`,
        ];
    let record: string;
    if (!plan.missingDefault)
      record = populate(env, table, plan, rowType, `${p.add(JSON.stringify(body))}::json`, 'json', false);
    else {
      // the listed columns missing from the body take their default (PostgREST: defaults || body, as jsonb)
      const defs = cols
        .map((c) => [c, table.columns.get(c)?.default] as const)
        .filter((x): x is readonly [string, string] => !!x[1])
        .map(([c, d]) => `${p.add(c)}::text, ${d}`);
      record = populate(
        env,
        table,
        plan,
        rowType,
        `jsonb_build_object(${defs.join(', ')}) || ${p.add(JSON.stringify(body))}::jsonb`,
        'jsonb',
        false,
      );
    }
    return `update ${target} set ${sets.join(', ')} from (select * from ${record}) as ${ident('pgrst_body')}${where.length ? ` where ${where.join(' and ')}` : ''}`;
  }
  const where = buildNode(env, src, filters).where;
  return `delete from ${target}${where.length ? ` where ${where.join(' and ')}` : ''}`;
}

/**
 * The rows of a request body as the table's row type (`json_populate_recordset`), with data representations
 * applied as PostgREST applies them to bodies: a column whose domain has an implicit cast from json is parsed by
 * the cast's function (the plan's parsers) from the row's JSON value (the other columns as Postgres reads them).
 */
function populate(
  env: Env,
  table: Table,
  plan: Extract<MutatePlan, { parsers: unknown }>,
  rowType: string,
  json: string,
  kind: 'json' | 'jsonb',
  many: boolean,
): string {
  const parsed = plan.cols
    .filter((c) => plan.parsers.has(c))
    .map((c) => [c, qualified(plan.parsers.get(c)!.schema, plan.parsers.get(c)!.name)] as const);
  if (parsed.length) env.mayRespond = true;
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
