import { describe, expect, it } from 'vitest';
import { customerRedirect, intentTarget, withoutDialogKeys } from './sign-in.ts';

describe('intentTarget: `to` is a route name, never a URL', () => {
  it('resolves route names with their customerId', () => {
    expect(intentTarget({ to: 'UserSettings', customerId: null })).toBe('/user/settings');
    expect(intentTarget({ to: 'Dashboard', customerId: 'saigon-riverside-hotel' })).toBe(
      '/saigon-riverside-hotel/dashboard',
    );
  });
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil',
    'javascript:alert(1)',
    '/user',
    'constructor',
    '__proto__',
    '',
  ])('ignores %s', (to) => {
    expect(intentTarget({ to, customerId: null })).toBeNull();
  });
  it('ignores a customer route without its customerId', () => {
    expect(intentTarget({ to: 'Dashboard', customerId: null })).toBeNull();
  });
});

describe('customerRedirect', () => {
  const base = { customer: 'hotel-a', search: '?src=qr', kind: 'interactive' as const };
  it('goes to the Map of the user’s customer, keeping the query', () => {
    expect(customerRedirect({ ...base, route: 'Home' })).toBe('/hotel-a/map?src=qr');
    expect(customerRedirect({ ...base, route: 'UserSettings' })).toBe('/hotel-a/map?src=qr');
  });
  it.each(['AboutUs', 'TermsAndPrivacy', 'Hotels', 'HotelsSalesPresentation'])('not from %s', (route) => {
    expect(customerRedirect({ ...base, route })).toBeNull();
  });
  it('not when the route has a customerId, nor without a customer', () => {
    expect(customerRedirect({ ...base, route: 'Map', customerId: 'hanoi' })).toBeNull();
    expect(customerRedirect({ ...base, customer: null, route: 'Home' })).toBeNull();
    expect(customerRedirect({ ...base, route: 'NotFound' })).toBeNull();
  });
  it('a session restored at load leaves the account pages alone', () => {
    expect(customerRedirect({ ...base, kind: 'restored', route: 'UserSettings' })).toBeNull();
    expect(customerRedirect({ ...base, kind: 'restored', route: 'Home' })).toBe('/hotel-a/map?src=qr');
  });
});

describe('withoutDialogKeys', () => {
  it('removes dialogAuth, to and customerId only', () => {
    expect(withoutDialogKeys('?dialogAuth=true&to=User&customerId=x&src=qr')).toBe('?src=qr');
    expect(withoutDialogKeys('?dialogAuth=true')).toBe('');
  });
});
