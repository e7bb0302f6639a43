import { describe, expect, it } from 'vitest';
import { routeForPath } from './route-table.ts';
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
