// Calls of the dashboard's money RPCs (docs/settlement.md), through the typed client: the function's name, its
// arguments and its answer are those of the generated database types (supabase/types/database.ts), so a
// misspelt function or argument, or an argument of the wrong type, is a compile error in the api file.
import type { Database, TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../step-up.tsx';

type Functions = Database['public']['Functions'];
/** Every function the API exposes (the generated types' `public.Functions`). */
export type RpcName = keyof Functions & string;
/** The function's arguments; none for a function that takes none. */
export type RpcArgs<F extends RpcName> = Functions[F]['Args'] extends never ? [] : [args: Functions[F]['Args']];

/** A money action the database refuses with aal2_required asks for the authenticator code and runs again. */
export function rpc<F extends RpcName>(db: TypedClient, fn: F, ...args: RpcArgs<F>) {
  return withStepUp(db, async () => await db.rpc(fn, args[0]));
}

/** The same call, its answer's data or the refusal thrown (for screens that handle errors with try/catch). */
export async function rpcOrThrow<F extends RpcName>(db: TypedClient, fn: F, ...args: RpcArgs<F>) {
  const { data, error } = await rpc(db, fn, ...args);
  if (error) throw error;
  return data;
}
