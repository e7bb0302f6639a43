// A Module Federation runtime plugin in every app: a shared library whose download failed (the connection dropped
// while a lazily loaded part needed it) is downloaded again at the next attempt. Without it the runtime keeps the
// failed download as the library's `loading` and answers every later attempt with the same failure: a screen that
// offers "Try again" after a dropped connection (the map's rewards panel, whose code needs the data layer,
// @guestmap/shared-ui/data, docs/platform.md) could never open until the page was reloaded.

/** The part of a share scope entry the plugin changes (the runtime's `Shared`, without importing its types). */
interface SharedEntry {
  loaded?: boolean;
  lib?: unknown;
  loading?: Promise<unknown> | null;
}

type ShareScopeMap = Record<string, Record<string, Record<string, SharedEntry>>>;

export default function retryFailedShared() {
  return {
    name: 'guestmap-retry-failed-shared',
    errorLoadShare(args: { pkgName: string; shareScopeMap: ShareScopeMap; error?: unknown }) {
      if (!args.error) return;
      for (const scope of Object.values(args.shareScopeMap ?? {}))
        for (const entry of Object.values(scope[args.pkgName] ?? {}))
          if (!entry.loaded && !entry.lib && entry.loading) entry.loading = null;
    },
  };
}
