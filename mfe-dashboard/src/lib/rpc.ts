// Calls of the settlement RPCs (docs/settlement.md). Their argument and answer shapes are those of the
// settlement contract; typed here so the screens do not depend on the generated types' exact form.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from './step-up.tsx';

export interface RpcResult<T> {
  data: T | null;
  error: { details?: string; code?: string; message?: string } | null;
}

/** A money action the database refuses with aal2_required asks for the authenticator code and runs again. */
export function rpc<T>(db: TypedClient, fn: string, args: Record<string, unknown> = {}): Promise<RpcResult<T>> {
  const call = db.rpc as unknown as (f: string, a: Record<string, unknown>) => PromiseLike<RpcResult<T>>;
  return withStepUp(db, () => Promise.resolve(call.call(db, fn, args)));
}

/** The same call, its answer's data or the refusal thrown (for screens that handle errors with try/catch). */
export async function rpcOrThrow<T>(db: TypedClient, fn: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error } = await rpc<T>(db, fn, args);
  if (error) throw error;
  return data as T;
}
