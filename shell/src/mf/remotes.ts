// Loading remote screens at runtime. Remotes are registered from config.json (their manifest URLs);
// loading policy lives here: a bounded wait, and a fallback module instead of a crash when a
// remote's server is down, its manifest fails, or its code throws while loading.
import { registerRemotes, loadRemote, registerPlugins } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PlatformConfig, RegisterRemote, RemoteName } from '@guestmap/shared-ui/contracts';
import { contractCompatible, CONTRACT_DECLARATION } from '@guestmap/shared-ui/contract-version';
import { yieldToMain } from '../app/idle.ts';

/** After this long a load still in flight is called slow: the screen says so and keeps waiting. */
export const LOAD_TIMEOUT_MS = 4500;
/**
 * After this long a load still in flight is given up: the screen shows the fallback with Retry (a remote that
 * never answers), and still replaces it by itself if the load arrives later. On the slowest link the product is
 * tested on (400 kbit/s, 400 ms round trips) a screen arrives in well under it.
 */
export const LOAD_GIVE_UP_MS = 30_000;

export class RemoteUnavailableError extends Error {
  /**
   * Set when the bound ran out while the load was still going: a slow network or a busy CPU is not
   * a broken remote, so the screen replaces the fallback by itself if this settles later.
   */
  late?: Promise<ComponentType>;
  constructor(
    public readonly remote: RemoteName,
    cause?: unknown,
  ) {
    super(`Remote ${remote} is unavailable`, { cause });
  }
}

/** Marker the runtime plugin returns in place of a module that could not load. */
export const FAILED = Symbol.for('guestmap.remote-failed');
type Loaded = { default?: unknown; contract?: unknown; [FAILED]?: unknown };

/** A remote built against another major of the contract (shared-ui/src/contracts/version.ts). */
export class ContractMismatchError extends Error {
  constructor(
    public readonly remote: RemoteName,
    public readonly declared: unknown,
  ) {
    super(`Remote ${remote} is built against ${String(declared)}; this shell against ${CONTRACT_DECLARATION}`);
  }
}

let registered: Record<RemoteName, string> | null = null;

export function registerFromConfig(config: PlatformConfig): void {
  registered = config.remotes;
  registerPlugins([
    {
      name: 'guestmap-fallback',
      // Called for manifest fetch failures, entry script failures and factory errors alike.
      errorLoadRemote(args) {
        return { [FAILED]: args.error ?? new Error(`load failed at ${args.lifecycle}`) } as unknown as never;
      },
    },
    {
      name: 'guestmap-cors-scripts',
      // A remote's entry, and the runtime's preloads of its files, in CORS mode like the remote's own
      // chunks (output.crossOriginLoading) and the server's hints: one download serves the hint, the
      // script and the service worker, which can keep only a copy that carries CORS headers
      // (docs/offline.md). The runtime applies the attributes it passes here.
      createScript({ attrs }) {
        if (attrs) attrs.crossorigin = 'anonymous';
      },
      createLink({ attrs }) {
        if (attrs) attrs.crossorigin = 'anonymous';
      },
    },
  ]);
  registerRemotes((Object.keys(config.remotes) as RemoteName[]).map((name) => ({ name, entry: config.remotes[name] })));
}

/** Forget a failed remote so the next load fetches its manifest and entry again (Retry). */
export function resetRemote(remote: RemoteName): void {
  registering.delete(remote);
  if (!registered) return;
  registerRemotes([{ name: remote, entry: registered[remote] }], { force: true });
}

type RegisterApi = Parameters<RegisterRemote>[0];
let registerApi: RegisterApi | null = null;
const registering = new Map<RemoteName, Promise<ContractMismatchError | null>>();

/** The store and i18n handed to each remote's ./register module. */
export function setRegisterApi(api: RegisterApi): void {
  registerApi = api;
}

/**
 * Runs a remote's ./register (reducers, i18n namespace) once, before its first screen renders. Resolves
 * with the error that keeps the remote's screens out: a remote built against another major of the
 * contract is neither registered nor shown (its screens get the fallback).
 */
function ensureRegistered(remote: RemoteName): Promise<ContractMismatchError | null> {
  let p = registering.get(remote);
  if (!p) {
    p = loadRemote<Loaded>(`${remote}/register`).then(
      async (mod) => {
        if (mod && !mod[FAILED] && !contractCompatible(mod.contract))
          return new ContractMismatchError(remote, mod.contract);
        if (mod && !mod[FAILED] && typeof mod.default === 'function' && registerApi) {
          // The remote's entry has just run (its runtime, the container's set-up): the remote's own start
          // (reducers, texts, its first reads) is a task of its own, not more of that one.
          await yieldToMain();
          await (mod.default as RegisterRemote)(registerApi);
        } else if (!mod || mod[FAILED]) registering.delete(remote);
        return null;
      },
      () => {
        registering.delete(remote);
        return null;
      },
    );
    registering.set(remote, p);
  }
  return p;
}

export async function loadScreen(remote: RemoteName, module: string): Promise<ComponentType> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RemoteUnavailableError(remote, new Error('timeout'))), LOAD_TIMEOUT_MS);
  });
  try {
    const load = (async () => {
      // The screen's code downloads while ./register runs; it renders once both are done.
      const [mismatch, mod] = (await Promise.all([
        ensureRegistered(remote),
        loadRemote<Loaded>(`${remote}/${module}`),
      ])) as [ContractMismatchError | null, Loaded | null];
      if (mismatch) throw new RemoteUnavailableError(remote, mismatch);
      if (!mod || mod[FAILED] || (typeof mod.default !== 'function' && typeof mod.default !== 'object')) {
        throw new RemoteUnavailableError(remote, mod?.[FAILED]);
      }
      return mod.default as ComponentType;
    })();
    try {
      return await Promise.race([load, timeout]);
    } catch (e) {
      const err = e instanceof RemoteUnavailableError ? e : new RemoteUnavailableError(remote, e);
      if (err.cause instanceof Error && err.cause.message === 'timeout') err.late = load;
      else load.catch(() => undefined);
      throw err;
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts downloading a remote's manifest while the shell is still booting (i18n, store), with a
 * preload hint the runtime's own fetch then reuses: one round trip less before the first screen.
 * A hint only: if it fails, the runtime fetches (and reports) as usual.
 */
export function preloadManifest(remote: RemoteName, doc: Document = document): void {
  const href = registered?.[remote];
  if (!href || doc.head.querySelector(`link[rel="preload"][href="${CSS.escape(href)}"]`)) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous';
  link.href = href;
  doc.head.appendChild(link);
}
