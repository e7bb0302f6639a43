// The runtime configuration, fetched from /config.json at boot and validated in one place. It is
// written per environment (never baked into the bundle): repointing a remote is a change here only.
import type { PlatformConfig, RemoteName } from '@guestmap/shared-ui/contracts';

const REMOTES: RemoteName[] = ['marketing', 'map', 'account', 'dashboard'];

export class ConfigError extends Error {}

export function parseConfig(raw: unknown): PlatformConfig {
  if (!raw || typeof raw !== 'object') throw new ConfigError('config.json is not an object');
  const c = raw as Record<string, unknown>;
  const url = (v: unknown, what: string) => {
    if (typeof v !== 'string') throw new ConfigError(`config.json: ${what} must be a URL`);
    try {
      const u = new URL(v);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
      return v;
    } catch {
      throw new ConfigError(`config.json: ${what} must be an http(s) URL`);
    }
  };
  const remotesRaw = (c.remotes ?? {}) as Record<string, unknown>;
  const remotes = Object.fromEntries(REMOTES.map((r) => [r, url(remotesRaw[r], `remotes.${r}`)])) as Record<
    RemoteName,
    string
  >;
  if (typeof c.supabaseAnonKey !== 'string' || c.supabaseAnonKey.split('.').length !== 3)
    throw new ConfigError('config.json: supabaseAnonKey must be a JWT');
  const tiles = c.tiles as { url?: unknown; attribution?: unknown } | undefined;
  return {
    supabaseUrl: url(c.supabaseUrl, 'supabaseUrl'),
    supabaseAnonKey: c.supabaseAnonKey,
    remotes,
    tiles:
      tiles && typeof tiles.url === 'string'
        ? { url: tiles.url, attribution: typeof tiles.attribution === 'string' ? tiles.attribution : '' }
        : { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' },
  };
}

/** JSON the server wrote into the page (scripts/prefill.mjs), or undefined. Data blocks, never executed. */
export function pageData(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function loadConfig(): Promise<PlatformConfig> {
  // The server usually writes it into the page; validated the same way.
  const inline = pageData('gm-boot-config');
  if (inline !== undefined) return parseConfig(inline);
  // Otherwise the page preloads it (index.html); the server marks it no-cache, so a stale copy is never used.
  const res = await fetch('/config.json', { credentials: 'same-origin' });
  if (!res.ok) throw new ConfigError(`config.json answered ${res.status}`);
  return parseConfig(await res.json());
}
