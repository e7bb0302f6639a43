import { describe, expect, it } from 'vitest';
import { ROUTE_NAMES, ROUTE_REGISTRY, pathFor } from '@guestmap/shared-ui/routes';
import { ROUTE_TABLE, routeForPath } from './route-table.ts';
// The static server's own short list of public pages (it cannot read this TypeScript table).
import { screenOf } from '../../scripts/prefill.mjs';

describe('routeForPath', () => {
  it('ranks static routes before a customer id, as the router does', () => {
    expect(routeForPath('/hotels')?.name).toBe('Hotels');
    expect(routeForPath('/create-customer')?.name).toBe('CustomerCreate');
    expect(routeForPath('/partner')).toMatchObject({ name: 'PartnerPortal', remote: 'dashboard', guard: 'email' });
    expect(routeForPath('/')?.name).toBe('Home');
    expect(routeForPath('/saigon-riverside-hotel')?.name).toBe('Customer');
    expect(routeForPath('/saigon-riverside-hotel/settings')?.remote).toBe('dashboard');
  });

  it('knows the map remote opens the map and a place', () => {
    expect(routeForPath('/hanoi/map')).toMatchObject({ name: 'Map', remote: 'map' });
    expect(routeForPath('/hanoi/map/pho-10/0b0e0b0e-0000-4000-8000-000000000000')?.remote).toBe('map');
  });

  it('a path no route matches has none', () => {
    expect(routeForPath('/a/b/c/d/e/f')).toBeNull();
  });
});

describe('the server’s public screens', () => {
  it('open what the route table opens', () => {
    const paths = [
      '/',
      '/hotels',
      '/hotels/',
      '/hotels-sales-presentation',
      '/about-us',
      '/terms-and-privacy',
      '/saigon-riverside-hotel/map',
      '/saigon-riverside-hotel/map/',
      '/hcmc/map/pho-2000',
      '/hcmc/map/pho-2000/42',
    ];
    for (const p of paths) {
      const def = routeForPath(p);
      expect(def?.guard, p).toBe('none');
      expect(screenOf(p), p).toEqual({ remote: def?.remote, module: def?.module });
    }
    // Pages behind a guard get no hints.
    for (const p of ['/user', '/user/settings', '/create-customer', '/hcmc/dashboard', '/hcmc/settings', '/partner']) {
      expect(routeForPath(p)?.guard, p).not.toBe('none');
      expect(screenOf(p), p).toBeNull();
    }
  });
});

describe('the route registry', () => {
  const params = { customerId: 'hcmc', activitySlug: 'pho-2000', activityId: '42' };

  it('is the route table: every route, its path, guard and screen', () => {
    expect(ROUTE_TABLE.map((r) => r.name)).toEqual(ROUTE_NAMES);
    for (const r of ROUTE_TABLE) {
      const { early: _early, ...entry } = ROUTE_REGISTRY[r.name] as { early?: boolean };
      expect(r).toEqual({ name: r.name, ...entry });
    }
  });

  it('names the server’s early pages: those marked early open their screen there, no other page does', () => {
    for (const name of ROUTE_NAMES) {
      const entry = ROUTE_REGISTRY[name];
      const p = pathFor(name, params);
      const early = 'early' in entry && entry.early;
      if (early) expect(screenOf(p), p).toEqual({ remote: entry.remote, module: entry.module });
      else expect(screenOf(p)?.module, p).not.toBe(routeForPath(p)?.module);
    }
  });
});
