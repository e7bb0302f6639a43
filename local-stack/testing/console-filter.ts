// vitest's onConsoleLog for the stack's and the app's database tests: supabase-js warns at import on Node.js 20 and
// older, once per test file; `npm test` says it once, first, in its own words (shell/scripts/platform.mjs).
const NODE_DEPRECATION = 'Node.js 20 and below are deprecated';

export function dropLibraryNodeWarning(log: string): false | undefined {
  return log.includes(NODE_DEPRECATION) ? false : undefined;
}
