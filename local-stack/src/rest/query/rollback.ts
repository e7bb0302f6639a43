// A request's transaction rolled back on purpose (Prefer: tx=rollback, an execution plan): the answer is kept.
import type { Outcome } from '../response.ts';

/** Thrown out of a request's transaction to roll it back while still answering with its outcome. */
export class Rollback {
  constructor(readonly outcome: Outcome) {}
}
