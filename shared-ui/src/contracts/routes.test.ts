import { describe, expect, it } from 'vitest';
import { pathFor, isRouteName, ROUTE_NAMES } from './routes.ts';

describe('route table contract', () => {
  // The routes the spec requires (and the partner portal, issue #27), in the registry's order; a route added
  // since (the registry is the list) is not written here: a new route touches the registry, its screen and its
  // texts only (docs/platform.md "Adding a route").
  it('has the 13 route names of the spec, and the partner portal (issue #27)', () => {
    const required = [
      'Home',
      'TermsAndPrivacy',
      'AboutUs',
      'User',
      'UserSettings',
      'Hotels',
      'HotelsSalesPresentation',
      'CustomerCreate',
      'Customer',
      'CustomerSettings',
      'Map',
      'Activity',
      'Dashboard',
      'PartnerPortal',
    ];
    expect(ROUTE_NAMES.filter((n) => required.includes(n))).toEqual(required);
  });

  it('builds paths by name, dropping optional params and encoding values', () => {
    expect(pathFor('Home')).toBe('/');
    expect(pathFor('Map', { customerId: 'ho-chi-minh-city' })).toBe('/ho-chi-minh-city/map');
    expect(pathFor('Activity', { customerId: 'hanoi' })).toBe('/hanoi/map');
    expect(pathFor('Activity', { customerId: 'hanoi', activitySlug: 'pho thin', activityId: 'a/b' })).toBe(
      '/hanoi/map/pho%20thin/a%2Fb',
    );
    expect(pathFor('PartnerPortal', {}, { partner: 'a1', month: '2026-11' })).toBe('/partner?partner=a1&month=2026-11');
    expect(pathFor('Home', {}, { dialogAuth: 'true', to: 'Dashboard', customerId: undefined })).toBe(
      '/?dialogAuth=true&to=Dashboard',
    );
  });

  it('refuses to build a route without its required params', () => {
    expect(() => pathFor('Dashboard')).toThrow(/customerId/);
  });

  it('recognises only route names, never URLs', () => {
    expect(isRouteName('Dashboard')).toBe(true);
    expect(isRouteName('//evil.example')).toBe(false);
    expect(isRouteName('javascript:alert(1)')).toBe(false);
    expect(isRouteName('toString')).toBe(false);
  });
});
