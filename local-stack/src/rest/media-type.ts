// MediaType (PostgREST's PostgREST.MediaType): what `Accept` asks for, and the `Content-Type`
// answered. JSON arrays (optionally `nulls=stripped`), single objects, CSV and execution plans.
import { restError } from './errors.ts';

export type Media = { kind: 'json' | 'object' | 'csv' | 'geojson' | 'plan'; strip: boolean; plan?: PlanMedia };
/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|settings|buffers|wal`. */
export type PlanMedia = { format: 'json' | 'text'; for: string; options: string[] };
const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

export function negotiate(accept: string | undefined): Media {
  if (!accept || !accept.trim()) return { kind: 'json', strip: false };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
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
      };
    }
    switch (type) {
      case 'application/json':
      case '*/*':
      case 'application/*':
        return { kind: 'json', strip: false };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'json', strip };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', strip };
      case 'text/csv':
        return { kind: 'csv', strip: false };
      case 'application/geo+json':
        return { kind: 'geojson', strip: false };
    }
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

export function contentType(m: Media): string {
  if (m.kind === 'plan') return `application/vnd.pgrst.plan+${m.plan!.format}; for="${m.plan!.for}"; charset=utf-8`;
  if (m.kind === 'csv') return 'text/csv; charset=utf-8';
  if (m.kind === 'geojson') return 'application/geo+json; charset=utf-8';
  if (m.kind === 'object')
    return `application/vnd.pgrst.object+json${m.strip ? '; nulls=stripped' : ''}; charset=utf-8`;
  return m.strip
    ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'
    : 'application/json; charset=utf-8';
}
