// The version of the contract between the shell and the remotes (`@guestmap/shared-ui/contracts`):
// `major.minor`. A remote declares the version it was built against (its ./register exports
// `contract = CONTRACT_DECLARATION`, from `@guestmap/shared-ui/contract-version`, a module every app
// bundles itself: it is NOT shared, so a remote keeps the value of its own build). The shell loads a
// remote's screens only when the majors are the same: a new minor only adds to the contract, so an older
// shell with a newer remote, or the reverse, works; another major shows the fallback for a remote that
// fails to load ("This part of Guestmap is unavailable right now", with Retry).
//
// Bump it whenever the contract's surface changes (shared-ui/contracts.api.md, `npm run api-report`
// in shared-ui): the minor for an addition, the major for a removal or a changed type (docs/platform.md).

/** Written out whole, so the version can be found (and, in a browser test, changed) in built code. */
export const CONTRACT_DECLARATION = 'guestmap-contract@2.5';

export const CONTRACT_VERSION = CONTRACT_DECLARATION.slice('guestmap-contract@'.length);

/** `{ major, minor }` of a declaration or a version ('guestmap-contract@1.2' or '1.2'); null when it is neither. */
export function parseContractVersion(v: unknown): { major: number; minor: number } | null {
  const m = typeof v === 'string' ? /^(?:guestmap-contract@)?(\d+)\.(\d+)$/.exec(v) : null;
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : null;
}

/**
 * Whether a remote that declares `declared` works with a shell of `shell` (this build's declaration by default):
 * same major. A remote that declares nothing was built before versions existed (contract 1.0).
 */
export function contractCompatible(declared: unknown, shell: string = CONTRACT_DECLARATION): boolean {
  const remote = declared === undefined ? { major: 1, minor: 0 } : parseContractVersion(declared);
  const host = parseContractVersion(shell);
  return !!remote && !!host && remote.major === host.major;
}
