import { describe, expect, it } from 'vitest';
import { routeForPath } from './route-table.ts';

describe('routeForPath', () => {
  it('ranks static routes before a customer id, as the router does', () => {
    expect(routeForPath('/hotels')?.name).toBe('Hotels');
    expect(routeForPath('/create-customer')?.name).toBe('CustomerCreate');
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
