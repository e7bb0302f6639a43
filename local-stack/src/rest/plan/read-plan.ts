// Plan/ReadPlan (PostgREST's PostgREST.Plan.ReadPlan and the read half of PostgREST.Plan): what a read reads,
// decided against the schema cache before any SQL is written. A tree with one level per table: the select
// list with every field resolved (a column with its type and data representations, or a computed field of
// the table), each embed with the relationship it goes through (relationships.ts) and its own level below it,
// the level's filters and order checked against its embeds, and its range. query/query-builder.ts renders a
// plan as SQL and looks nothing up. Every check happens here, in the order the request names things, so the
// first fault of a request is the one answered.
import { restError } from '../errors.ts';
import type {
  Condition,
  Field,
  Filter,
  NodeParams,
  OrderTerm,
  SelectEmbed,
  SelectItem,
} from '../api-request/query-params.ts';
import type { Window } from '../range.ts';
import {
  qkey,
  repKey,
  type Column,
  type ComputedField,
  type Relationship,
  type SchemaCache,
  type Table,
} from '../schema-cache/index.ts';
import { findRel } from './relationships.ts';

/** What planning a request's reads needs: the schema cache, the request's schema, its parameters per embed path. */
export interface PlanContext {
  cache: SchemaCache;
  schema: string;
  /** Filters, order and range per embed path (`''` the top level), as parsed. */
  nodes: Map<string, NodeParams>;
  /** The paths a plan has used: parameters on any other path name an embed that is not selected (PGRST108). */
  usedPaths: Set<string>;
  /** Aggregates in select (`pgrst.db_aggregates_enabled` set on the authenticator role, as PostgREST reads it). */
  aggregates: boolean;
}

export function planContext(cache: SchemaCache, schema: string, nodes: Map<string, NodeParams>): PlanContext {
  return {
    cache,
    schema,
    nodes,
    usedPaths: new Set(),
    aggregates: cache.roleSettings.get('authenticator')?.['pgrst.db_aggregates_enabled'] === 'true',
  };
}

/** A function of the database (a data representation's cast). */
export interface Fn {
  schema: string;
  name: string;
}

/** A field resolved against its level's table (PostgREST's CoercibleField). */
export interface PlanField extends Field {
  /** The table the field belongs to; absent for a field of a spread's row named by a related order. */
  table?: Table;
  /** The table's column of that name. */
  column?: Column;
  /** Else the table's computed field of that name: f(row), called with the whole row. */
  computed?: ComputedField;
  /** The column's domain turned into JSON by an implicit cast (a data representation); selected columns only. */
  toJson?: Fn;
  /** A filter value (text) parsed into the column's domain by an implicit cast. */
  fromText?: Fn;
}

export type PlanItem =
  | { type: 'star' }
  | { type: 'column'; field: PlanField; alias?: string; cast?: string }
  /** `field` null: `count()`, the rows themselves. */
  | {
      type: 'agg';
      field: PlanField | null;
      fn: string;
      /** The cast of the aggregate's input (`col::int.sum()`) and of its result (`sum()::int`). */
      cast?: string;
      aggCast?: string;
      alias: string;
    }
  | { type: 'embed'; embed: EmbedPlan };

export type PlanCondition =
  | { type: 'filter'; filter: Filter; field: PlanField }
  /** `rel=is.null` / `rel=not.is.null`: the rows whose embedded resource (by the name the filter uses) is (not) empty. */
  | { type: 'embed-null'; filter: Filter; embed: string }
  | { type: 'and' | 'or'; negate: boolean; children: PlanCondition[] };

export interface PlanOrder {
  term: OrderTerm;
  field: PlanField;
  /** A related order: the to-one embed (by the name the term uses) whose value orders the rows. */
  relation?: { key: string; spread: boolean };
}

export interface EmbedPlan {
  name: string;
  alias?: string;
  /** The key it answers under: its alias, else its name. */
  key: string;
  rel: Relationship;
  toOne: boolean;
  spread: boolean;
  joinType?: 'inner' | 'left';
  /** `rel()`, or an embed holding only such embeds: it filters (with `!inner`) but is not output (PostgREST). */
  empty: boolean;
  child: ReadPlan;
}

/** One level of a read: the top level, or an embed's. */
export interface ReadPlan {
  table: Table;
  /** The embed path (`''` the top level, `a.b` for b embedded in a). */
  path: string;
  select: PlanItem[];
  where: PlanCondition[];
  order?: PlanOrder[];
  /** An embed's own `limit`/`offset`; the top level's window (offset 0 left out). */
  limit?: number;
  offset?: number;
}

/**
 * The read of `select` on `table`. `root` stands in for the top level's parameters (a write's representation
 * leaves its filters to the write), `window` is the top level's range (none: every row), `name` the top level's
 * name in errors (a function's for a call; else the table's).
 */
export function readPlan(
  ctx: PlanContext,
  table: Table,
  select: SelectItem[],
  opts: { root?: NodeParams; window?: Window; name?: string } = {},
): ReadPlan {
  const plan = planLevel(ctx, table, select, '', opts.root ?? ctx.nodes.get(''), opts.name);
  checkUnusedPaths(ctx);
  if (opts.window) {
    plan.limit = opts.window.limit;
    plan.offset = opts.window.offset || undefined;
  }
  return plan;
}

/** The top level's filters alone (a write's WHERE). */
export function wherePlan(ctx: PlanContext, table: Table): ReadPlan {
  const root = ctx.nodes.get('')!;
  ctx.usedPaths.add('');
  return { table, path: '', select: [], where: conditions(ctx, table, root.conditions, new Map()) };
}

/** A pseudo-table for function results whose row type is not a table. */
export function pseudoTable(schema: string, name: string, columns: Map<string, Column>): Table {
  return { schema, name, kind: 'f', columns, pk: [], uniques: [] };
}

/** A field of `table`: its column, or its computed field, with their data representations. */
function resolveField(ctx: PlanContext, table: Table | undefined, f: Field): PlanField {
  if (!table) return { ...f };
  const column = table.columns.get(f.name);
  const computed = column ? undefined : ctx.cache.computed.get(qkey(table.schema, table.name))?.get(f.name);
  const out: PlanField = { ...f, table, column, computed };
  if (ctx.cache.reps.size && !f.path.length && column) {
    out.toJson = ctx.cache.reps.get(repKey(column.type, 'json'));
    out.fromText = ctx.cache.reps.get(repKey('text', column.type));
  }
  return out;
}

/** `*` spelled out as the table's columns when one of them has an output representation, as PostgREST expands it. */
function withRepStars(ctx: PlanContext, table: Table, items: SelectItem[]): SelectItem[] {
  if (ctx.cache.reps.size === 0 || !items.some((i) => i.type === 'star')) return items;
  const cols = [...table.columns.values()];
  if (!cols.some((c) => ctx.cache.reps.has(repKey(c.type, 'json')))) return items;
  return items.flatMap((it): SelectItem[] =>
    it.type === 'star' ? cols.map((c) => ({ type: 'column', field: { name: c.name, path: [] } })) : [it],
  );
}

/** The level at `path`: its select list, embeds (each planned in turn), then its filters, order and range. */
function planLevel(
  ctx: PlanContext,
  table: Table,
  items: SelectItem[],
  path: string,
  params: NodeParams | undefined,
  name = table.name,
): ReadPlan {
  const plan: ReadPlan = { table, path, select: [], where: [] };
  const embeds = new Map<string, EmbedPlan>();
  const joinNames = new Set<string>();
  for (const it of withRepStars(ctx, table, items)) {
    if (it.type === 'star') plan.select.push({ type: 'star' });
    else if (it.type === 'column' && it.agg) {
      if (!ctx.aggregates) throw restError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
      plan.select.push({
        type: 'agg',
        field: it.field.name === '' ? null : resolveField(ctx, table, it.field),
        fn: it.agg.fn,
        cast: it.cast,
        aggCast: it.agg.cast,
        alias: it.alias ?? it.agg.fn,
      });
    } else if (it.type === 'column') {
      plan.select.push({ type: 'column', field: resolveField(ctx, table, it.field), alias: it.alias, cast: it.cast });
    } else {
      // PostgREST names each embed's lateral join after its parent, its name (or alias) and its depth: two
      // embeds with one name at one level make Postgres refuse the statement (42712), here as there
      const joinName = `${table.name}_${it.alias ?? it.name}_${path ? path.split('.').length + 1 : 1}`;
      if (!it.spread && joinNames.has(joinName))
        throw restError(400, '42712', `table name "${joinName}" specified more than once`);
      if (!it.spread) joinNames.add(joinName);
      const embed = planEmbed(ctx, table, it, path);
      plan.select.push({ type: 'embed', embed });
      embeds.set(embed.key, embed);
      if (it.alias) embeds.set(it.name, embeds.get(it.name) ?? embed);
    }
  }
  ctx.usedPaths.add(path);
  if (params) applyParams(ctx, plan, params, embeds, name);
  return plan;
}

/** A level's filters, order and (below the top level) range. */
function applyParams(
  ctx: PlanContext,
  plan: ReadPlan,
  params: NodeParams,
  embeds: Map<string, EmbedPlan>,
  name: string,
): void {
  plan.where.push(...conditions(ctx, plan.table, params.conditions, embeds));
  if (params.order) plan.order = params.order.map((t) => orderTerm(ctx, plan.table, name, t, embeds));
  if (plan.path !== '') {
    plan.limit = params.limit;
    plan.offset = params.offset;
  }
}

function planEmbed(ctx: PlanContext, parent: Table, e: SelectEmbed, path: string): EmbedPlan {
  const rel = findRel(ctx.cache, ctx.schema, parent, e.name, e.hint);
  const toOne = rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one';
  const key = e.alias ?? e.name;
  const childPath = path ? `${path}.${key}` : key;
  // a spread needs its output names: `*` stands for the table's columns
  const items = e.spread
    ? e.select.flatMap((it): SelectItem[] =>
        it.type === 'star'
          ? [...rel.foreign.columns.keys()].map((name) => ({ type: 'column', field: { name, path: [] } }))
          : [it],
      )
    : e.select;
  if (e.spread && !toOne && hasAggregate(items))
    throw restError(
      400,
      'PGRST127',
      'Feature not implemented',
      'Aggregates are not implemented for one-to-many or many-to-many spreads.',
    );
  const child = planLevel(ctx, rel.foreign, items, childPath, ctx.nodes.get(childPath));
  const altPath = path ? `${path}.${e.name}` : e.name;
  if (e.alias && !ctx.nodes.has(childPath) && ctx.nodes.has(altPath)) {
    // filters may name the embed by its relation name too (they see none of its embeds)
    const alt: ReadPlan = { table: rel.foreign, path: altPath, select: [], where: [] };
    ctx.usedPaths.add(altPath);
    applyParams(ctx, alt, ctx.nodes.get(altPath)!, new Map(), rel.foreign.name);
    child.where.push(...alt.where);
    if (alt.order?.length) child.order = alt.order;
    child.limit ??= alt.limit;
    child.offset ??= alt.offset;
  }
  return {
    name: e.name,
    alias: e.alias,
    key,
    rel,
    toOne,
    spread: e.spread,
    joinType: e.joinType,
    empty: emptyEmbed(e),
    child,
  };
}

function conditions(ctx: PlanContext, table: Table, cs: Condition[], embeds: Map<string, EmbedPlan>): PlanCondition[] {
  return cs.map((c) => condition(ctx, table, c, embeds));
}

function condition(ctx: PlanContext, table: Table, c: Condition, embeds: Map<string, EmbedPlan>): PlanCondition {
  if (c.type !== 'filter')
    return { type: c.type, negate: c.negate, children: conditions(ctx, table, c.children, embeds) };
  const onEmbed = c.field.path.length === 0 && embeds.has(c.field.name) && !table.columns.has(c.field.name);
  if (!onEmbed) return { type: 'filter', filter: c, field: resolveField(ctx, table, c.field) };
  if (c.op !== 'is' || (c.value !== 'null' && c.value !== 'not_null'))
    throw restError(
      400,
      'PGRST120',
      `Bad operator on the '${c.field.name}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    );
  return { type: 'embed-null', filter: c, embed: c.field.name };
}

const notEmbedded = (name: string) =>
  restError(
    400,
    'PGRST108',
    `'${name}' is not an embedded resource in this request`,
    null,
    `Verify that '${name}' is included in the 'select' query parameter.`,
  );

function orderTerm(
  ctx: PlanContext,
  table: Table,
  name: string,
  t: OrderTerm,
  embeds: Map<string, EmbedPlan>,
): PlanOrder {
  if (t.relation === undefined) return { term: t, field: resolveField(ctx, table, t.field) };
  const emb = embeds.get(t.relation);
  if (!emb) throw notEmbedded(t.relation);
  if (!emb.toOne)
    throw restError(
      400,
      'PGRST118',
      `A related order on '${t.relation}' is not possible`,
      `'${name}' and '${t.relation}' do not form a many-to-one or one-to-one relationship`,
    );
  // a spread's column is read from its join as it is; a JSON embed's as a key of its object
  return { term: t, field: { ...t.field }, relation: { key: t.relation, spread: emb.spread } };
}

/** Parameters on a path no embed of the plan took: PostgREST names the first step that is not embedded. */
function checkUnusedPaths(ctx: PlanContext): void {
  for (const [p, n] of ctx.nodes) {
    if (p === '' || ctx.usedPaths.has(p)) continue;
    if (!n.conditions.length && n.order === undefined && n.limit === undefined && n.offset === undefined) continue;
    // (`a.b.c` with `a` embedded: `b`)
    const steps = p.split('.');
    let i = 0;
    while (i < steps.length - 1 && ctx.usedPaths.has(steps.slice(0, i + 1).join('.'))) i++;
    throw notEmbedded(steps[i]!);
  }
}

/** Whether a select list (or a spread inside it) holds an aggregate. */
function hasAggregate(items: SelectItem[]): boolean {
  return items.some(
    (it) => (it.type === 'column' && !!it.agg) || (it.type === 'embed' && it.spread && hasAggregate(it.select)),
  );
}

/** `rel()`, or an embed holding only such embeds (`a(b(c()))`). */
function emptyEmbed(e: SelectEmbed): boolean {
  return e.select.every((it) => it.type === 'embed' && emptyEmbed(it));
}
