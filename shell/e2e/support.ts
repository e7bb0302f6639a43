// Helpers for browser tests: the ports in use and a way to make one remote fail on purpose.
import type { Page, Route } from '@playwright/test';

export const BASE = Number(process.env.GUESTMAP_PORT_BASE ?? 3000);
export const REMOTE_PORTS = { marketing: BASE + 1, map: BASE + 2, account: BASE + 3, dashboard: BASE + 4 } as const;
export type Remote = keyof typeof REMOTE_PORTS;

export const remoteOrigin = (r: Remote) => `http://127.0.0.1:${REMOTE_PORTS[r]}`;

/** Every request to that remote's server fails as if the server were down. */
export async function remoteDown(page: Page, r: Remote) {
  const handler = (route: Route) => route.abort('connectionrefused');
  await page.route(`${remoteOrigin(r)}/**`, handler);
  return () => page.unroute(`${remoteOrigin(r)}/**`, handler);
}
