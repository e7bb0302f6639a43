// Plan/Negotiate (PostgREST's PostgREST.Plan.Negotiate): which media type answers, once the target is known.
// The built-in types (JSON, CSV, GeoJSON) can be overridden by the database's media type handlers
// (schema-cache.ts: aggregates and functions returning domains named like media types); the vendored ones
// (vnd.pgrst.object, array with stripped nulls, plans) cannot. The first accepted type with a producer wins.
import { restError } from '../errors.ts';
import { noMediaType, type Media } from '../media-type.ts';
import { handlerKey, qkey, type SchemaCache } from '../schema-cache/index.ts';
import type { SelectItem } from '../api-request/query-params.ts';

/** `select` absent or `*`: PostgREST's hasDefaultSelect (a relation's own handlers need the whole row). */
export const isDefaultSelect = (select: SelectItem[]) => select.length === 1 && select[0]!.type === 'star';

const OVERRIDABLE = new Set(['application/json', '*/*', 'text/csv', 'application/geo+json']);

/**
 * The media of a request on `rel` (a table, view, or a function's row table / the function itself): as
 * PostgREST's negotiateContent, a handler for this relation applies only with the default select (`*`),
 * first one for any type (`*\/*`), then one for the type asked; then one for any relation (anyelement).
 */
export function negotiateMedia(
  cache: SchemaCache,
  media: Media,
  schema: string,
  rel: string,
  defaultSelect: boolean,
): Media {
  const handlers = cache.mediaHandlers;
  if (handlers.size === 0 || !media.accepts) {
    if (media.kind === 'none') throw noMediaType(media);
    return media;
  }
  const relKey = qkey(schema, rel);
  for (const [i, a] of media.accepts.entries()) {
    const isChosen = i === media.accepts.length - 1 && media.kind !== 'none';
    // vendored media types are answered by PostgREST itself
    if (isChosen && !OVERRIDABLE.has(a.type)) return media;
    const h =
      (defaultSelect
        ? (handlers.get(handlerKey(relKey, '*/*')) ?? handlers.get(handlerKey(relKey, a.type)))
        : undefined) ?? handlers.get(handlerKey('*', a.type));
    if (h) return { kind: 'custom', strip: false, accepts: media.accepts, handler: h, mime: h.mime };
    if (isChosen) return media;
  }
  throw noMediaType(media);
}

/** An execution plan is answered only where the database allows it (`pgrst.db_plan_enabled` on the authenticator role). */
export function checkPlanMedia(cache: SchemaCache, media: Media): void {
  if (media.kind !== 'plan' || cache.roleSettings.get('authenticator')?.['pgrst.db_plan_enabled'] === 'true') return;
  const p = media.plan!;
  throw restError(
    406,
    'PGRST107',
    `None of these media types are available: application/vnd.pgrst.plan+${p.format}; for="${p.for}"; options=${p.options.join('|')};`,
  );
}
