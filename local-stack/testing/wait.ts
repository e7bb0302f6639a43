// Waiting in tests and benches for something asynchronous to have happened (a message, a mail, a change),
// by polling a check: one helper for every file that needs it.

/** Resolves with the check's first truthy value; rejects with "timed out waiting for <what>" after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false | null,
  what: string,
  { timeoutMs = 10_000, everyMs = 20 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
