// SchemaCache/Representations (PostgREST's PostgREST.SchemaCache.Representations, and the media type handlers
// its loader reads): implicit casts that turn a domain into JSON or parse it from JSON or text, and the
// aggregates and functions returning domains named like media types that answer those media types.
import type { Queryable } from '../../db/db.ts';
import type { MediaHandler } from '../media-type.ts';
import { qkey } from './table.ts';

/** The key of a data representation: source and target type names as format_type writes them (as Column.type). */
export const repKey = (source: string, target: string) => `${source}\u0001${target}`;

/**
 * Data representations as PostgREST reads them: implicit casts done by a function (executable by the role) from a
 * domain to json (output), or from json or text to a domain (request bodies, filter values).
 */
export async function loadReps(q: Queryable): Promise<Map<string, { schema: string; name: string }>> {
  const r = await q.query<{ source: string; target: string; schema: string; name: string }>(
    `select format_type(c.castsource, null) as source, format_type(c.casttarget, null) as target,
       n.nspname::text as schema, p.proname::text as name
     from pg_cast c join pg_type s on s.oid = c.castsource join pg_type t on t.oid = c.casttarget
     join pg_proc p on p.oid = c.castfunc join pg_namespace n on n.oid = p.pronamespace
     where c.castcontext = 'i' and c.castmethod = 'f' and has_function_privilege(c.castfunc, 'execute')
       and ((s.typtype = 'd' and c.casttarget in ('json'::regtype, 'text'::regtype))
         or (t.typtype = 'd' and c.castsource in ('json'::regtype, 'text'::regtype)))`,
  );
  return new Map(r.rows.map((x) => [repKey(x.source, x.target), { schema: x.schema, name: x.name }]));
}

/** The key of a media type handler: a table/view (or a function returning a media type domain), or `*` (anyelement). */
export const handlerKey = (rel: string, mediaType: string) => `${rel}\u0001${mediaType}`;

/**
 * Media type handlers as PostgREST's schema cache reads them: domains named `type/subtype` (or `*\/*`); aggregates
 * of one argument (a table's row type or anyelement) returning one, and functions (not set-returning) returning one.
 */
export async function loadMediaHandlers(q: Queryable, sch: string): Promise<Map<string, MediaHandler>> {
  const r = await q.query<{
    kind: 'agg' | 'fn';
    h_schema: string;
    h_name: string;
    t_schema: string | null;
    t_name: string;
    media_type: string;
    typname: string;
    base: string;
  }>(
    `with media_types as (
       select t.oid, lower(t.typname) as media_type, t.typname::text as typname, tn.nspname::text as type_schema,
         format_type(t.typbasetype, null) as base
       from pg_type t join pg_namespace tn on tn.oid = t.typnamespace
       where t.typbasetype <> 0 and (t.typname ~* '^[A-Za-z0-9.-]+/[A-Za-z0-9.+-]+$' or t.typname = '*/*'))
     select 'agg' as kind, pn.nspname::text as h_schema, p.proname::text as h_name,
       case when at.typname = 'anyelement' then null else atn.nspname::text end as t_schema, at.typname::text as t_name,
       mt.media_type, mt.typname, mt.base
     from media_types mt join pg_proc p on p.prorettype = mt.oid join pg_aggregate a on a.aggfnoid = p.oid
     join pg_namespace pn on pn.oid = p.pronamespace
     join pg_type at on at.oid = p.proargtypes[0] join pg_namespace atn on atn.oid = at.typnamespace
     where pn.nspname = any($1::text[]) and p.pronargs = 1
       and (at.typname = 'anyelement' or exists (select 1 from pg_class c where c.reltype = at.oid and c.relkind in ('v','r','m','f','p')))
     union all
     select 'fn', mt.type_schema, mt.typname, pn.nspname::text, p.proname::text, mt.media_type, mt.typname, mt.base
     from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace join media_types mt on mt.oid = p.prorettype
     where pn.nspname = any($1::text[]) and not p.proretset and p.prokind = 'f'`,
    [sch],
  );
  const out = new Map<string, MediaHandler>();
  for (const h of r.rows) {
    const rel = h.t_schema === null ? '*' : qkey(h.t_schema, h.t_name);
    out.set(handlerKey(rel, h.media_type), {
      kind: h.kind,
      schema: h.h_schema,
      name: h.h_name,
      target: h.kind === 'agg' && h.t_schema !== null ? { schema: h.t_schema, name: h.t_name } : null,
      base: h.base,
      mime: h.typname === '*/*' ? 'application/octet-stream' : h.typname,
    });
  }
  return out;
}
