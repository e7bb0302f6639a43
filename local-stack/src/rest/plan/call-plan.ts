// Plan/CallPlan (PostgREST's PostgREST.Plan.CallPlan and the function lookup of PostgREST.Plan): which
// overload a call reaches and how its arguments are passed. PostgREST's resolution: the overloads whose
// parameters the argument names satisfy; if none, over POST, one with a single unnamed json/jsonb
// parameter (it gets the whole body), or a text/xml/bytea one for a raw body. No tie-breaking:
// two fits → 300 PGRST203; none → 404 PGRST202 with PostgREST's hint.
import { badBody, fuzzyMatch, restError } from '../errors.ts';
import { isObj, type ApiRequest } from '../api-request/index.ts';
import { parseQuery, type QueryParts } from '../api-request/query-params.ts';
import { readWindow, type Window } from '../range.ts';
import { qkey, type Routine, type SchemaCache } from '../schema-cache/index.ts';
import { pseudoTable, readPlan, type PlanContext, type ReadPlan } from './read-plan.ts';

export interface CallPlan {
  routine: Routine;
  /** Query parameters left once the function's argument names are taken out (GET). */
  query: QueryParts;
  /** Named arguments (GET: from the query; POST: the JSON object). */
  args: Record<string, unknown>;
  /** Their names, sorted. */
  keys: string[];
  /** A single unnamed parameter: passed positionally (the whole body, or the query arguments as JSON). */
  positional: boolean;
}

export function callPlan(cache: SchemaCache, api: ApiRequest): CallPlan {
  const { schema, name: fnName, read, method, body, rawType } = api;
  const candidates = cache.routines.get(qkey(schema, fnName)) ?? [];
  const q = parseQuery(api.params, read ? { rpcRead: true } : {});
  let args: Record<string, unknown>;
  // a repeated argument keeps its last value, unless it is variadic (below)
  if (read) args = Object.fromEntries([...q.rpcArgs].map(([k, vs]) => [k, vs[vs.length - 1]]));
  // POST: the body's object (an array of objects: the first), only the keys `?columns=` names when given
  else {
    const obj = isObj(body) ? body : Array.isArray(body) && isObj(body[0]) ? body[0] : {};
    args = q.columns ? Object.fromEntries(q.columns.filter((c) => c in obj).map((c) => [c, obj[c]])) : obj;
  }
  const keys = Object.keys(args).sort();
  let routine: Routine | undefined;
  const fits = candidates.filter((r) =>
    r.args.length === 0
      ? keys.length === 0 && !rawType
      : keys.every((k) => r.args.some((a) => a.name === k)) &&
        r.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
  const fallbackTypes = rawType ? [rawType] : ['json', 'jsonb'];
  // the whole body to one unnamed parameter: only a JSON body (or a raw one to a text/xml/bytea parameter)
  const fallback =
    method === 'POST' && (rawType || (api.bodyKind ?? 'json') === 'json')
      ? candidates.filter(
          (r) => r.args.length === 1 && r.args[0]!.name === '' && fallbackTypes.includes(r.args[0]!.type),
        )
      : [];
  const found = fits.length ? fits : fallback;
  if (found.length === 1) routine = found[0];
  else if (found.length > 1) {
    const sigs = found.map((r) => `${r.schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`);
    throw restError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${sigs.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  const positional = routine?.args.length === 1 && routine.args[0]!.name === '';
  if (!routine && body !== undefined && !isObj(body) && !(Array.isArray(body) && isObj(body[0]))) throw badBody();
  if (!routine) {
    const func = `${schema}.${fnName}`;
    const allNames = [...cache.routines.values()]
      .flat()
      .filter((r) => r.schema === schema)
      .map((r) => r.name);
    // no function of that name: the closest name; overloads exist: the closest parameter list (as PostgREST hints)
    const prmList = (names: string[]) => `(${[...names].sort().join(', ')})`;
    const guess = candidates.length
      ? (() => {
          const m = fuzzyMatch(
            prmList(keys),
            candidates.map((r) => prmList(r.args.map((a) => a.name))),
            0.33,
          );
          return m === null ? null : fnName + m;
        })()
      : fuzzyMatch(fnName, allNames);
    const prms = keys.length
      ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
      : ' without parameters';
    if (rawType) {
      throw restError(
        404,
        'PGRST202',
        `Could not find the function ${func} in the schema cache`,
        `Searched for the function ${func} with a single unnamed ${rawType} parameter, but no matches were found in the schema cache.`,
      );
    }
    throw restError(
      404,
      'PGRST202',
      `Could not find the function ${func}${keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${func}${prms}${method === 'POST' && (api.bodyKind ?? 'json') === 'json' ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
      guess ? `Perhaps you meant to call the function ${schema}.${guess}` : null,
    );
  }
  // GET: a variadic parameter gets every value of its repeated argument as an array (`?v=a&v=b` → {a,b})
  // a form body the same (PostgREST reads both as its DirectArgs)
  const repeated = read ? q.rpcArgs : api.formArgs;
  if (repeated)
    for (const a of routine.args)
      if (a.variadic && repeated.has(a.name)) args = { ...args, [a.name]: repeated.get(a.name) };
  if (api.prefs.handling === 'strict' && api.prefs.maxAffected !== undefined && !routine.returnsSet)
    throw restError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    );
  return { routine, query: q, args, keys, positional };
}

/** What a call reads of its function's rows: the window of a set (or of a composite value), the read plan of rows. */
export interface CallRead {
  window?: Window;
  plan?: ReadPlan;
}

/**
 * The read of a call's result: none for a void function or a single scalar (its value is the body); the window for
 * a set of scalars; the window and a read plan over the rows of a composite result (a table's row type, or a
 * pseudo-table of its OUT/TABLE columns).
 */
export function callRead(ctx: PlanContext, call: CallPlan, api: ApiRequest, maxRows: number): CallRead {
  const { routine } = call;
  if (routine.returnKind === 'void' || (routine.returnKind === 'scalar' && !routine.returnsSet)) return {};
  const window = readWindow(call.query.nodes.get('')!, api.range, api.method, maxRows);
  if (routine.returnKind === 'scalar') return { window };
  const table = routine.returnTable ?? pseudoTable(api.schema, routine.name, routine.returnColumns);
  return { window, plan: readPlan(ctx, table, call.query.select, { window, name: routine.name }) };
}
