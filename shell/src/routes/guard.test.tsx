import { describe, expect, it } from 'vitest';
import type { Profile } from '@guestmap/shared-ui/contracts';
import { decide, markSignOut, refusalTarget, refusedBySignOut } from './guard.tsx';
import type { AuthState } from '../app/store.ts';

const profile = (p: Partial<Profile> = {}): Profile => ({
  id: 'u1',
  email: 'a@b.c',
  displayName: null,
  profilePictureUrl: null,
  isAdmin: false,
  isDisabled: false,
  customer: null,
  language: 'en-US',
  moderator: {},
  ...p,
});
const auth = (a: Partial<AuthState> = {}): AuthState => ({
  status: 'signedIn',
  user: { id: 'u1', email: 'a@b.c', isAnonymous: false },
  profile: profile(),
  signIn: null,
  myCustomers: [],
  moderated: [],
  partnerStaff: false,
  ...a,
});
const signedOut = auth({ status: 'signedOut', user: null, profile: null });

describe('decide', () => {
  it('public routes are open to everyone', () => {
    expect(decide('none', 'Home', signedOut)).toEqual({ allow: true });
  });

  it('waits while the auth state is unknown', () => {
    expect(decide('email', 'User', auth({ status: 'unknown', user: null, profile: null }))).toEqual({
      allow: false,
      wait: true,
    });
  });

  it('e-mail guard refuses visitors and anonymous users with dialogAuth and to', () => {
    const refused = { allow: false, wait: false, query: { dialogAuth: 'true', to: 'CustomerCreate' } };
    expect(decide('email', 'CustomerCreate', signedOut)).toEqual(refused);
    expect(decide('email', 'CustomerCreate', auth({ user: { id: 'u1', email: null, isAnonymous: true } }))).toEqual(
      refused,
    );
    expect(decide('email', 'CustomerCreate', auth())).toEqual({ allow: true });
  });

  it('moderator guard: the moderator claim for that customer, or the admin claim', () => {
    const refused = {
      allow: false,
      wait: false,
      query: { dialogAuth: 'true', to: 'Dashboard', customerId: 'hotel-a' },
    };
    expect(decide('moderator', 'Dashboard', signedOut, 'hotel-a')).toEqual(refused);
    expect(decide('moderator', 'Dashboard', auth(), 'hotel-a')).toEqual(refused);
    expect(
      decide('moderator', 'Dashboard', auth({ profile: profile({ moderator: { 'hotel-b': true } }) }), 'hotel-a'),
    ).toEqual(refused);
    expect(
      decide('moderator', 'Dashboard', auth({ profile: profile({ moderator: { 'hotel-a': false } }) }), 'hotel-a'),
    ).toEqual(refused);
    expect(
      decide('moderator', 'Dashboard', auth({ profile: profile({ moderator: { 'hotel-a': true } }) }), 'hotel-a'),
    ).toEqual({ allow: true });
    expect(decide('moderator', 'CustomerSettings', auth({ profile: profile({ isAdmin: true }) }), 'hotel-a')).toEqual({
      allow: true,
    });
  });

  it('moderator guard waits for the claims (profile) of a signed-in user', () => {
    expect(decide('moderator', 'Dashboard', auth({ profile: null }), 'hotel-a')).toEqual({ allow: false, wait: true });
  });

  it('admin guard: only the admin claim', () => {
    expect(decide('admin', 'Dashboard', auth({ profile: profile({ moderator: { x: true } }) }), 'x')).toMatchObject({
      allow: false,
      wait: false,
    });
    expect(decide('admin', 'Dashboard', auth({ profile: profile({ isAdmin: true }) }), 'x')).toEqual({ allow: true });
  });
});

describe('refusalTarget', () => {
  const q = { dialogAuth: 'true', to: 'Dashboard', customerId: 'hotel-b' };
  const moderatorOfA = auth({ profile: profile({ moderator: { 'hotel-a': true } }) });

  it('goes Home on a first visit', () => {
    expect(refusalTarget(q, null, { key: 'k2', pathname: '/hotel-b/dashboard' }, signedOut)).toBe(
      '/?dialogAuth=true&to=Dashboard&customerId=hotel-b',
    );
  });

  it('stays on the previous page when it was guarded too and still admits the user', () => {
    const prev = {
      key: 'k1',
      pathname: '/hotel-a/dashboard',
      search: '?tab=stats',
      name: 'Dashboard' as const,
      params: { customerId: 'hotel-a' },
    };
    expect(refusalTarget(q, prev, { key: 'k2', pathname: '/hotel-b/dashboard' }, moderatorOfA)).toBe(
      '/hotel-a/dashboard?tab=stats&dialogAuth=true&to=Dashboard&customerId=hotel-b',
    );
  });

  it('goes Home when the previous page was public, or when refused in place (signed out there)', () => {
    const pub = { key: 'k1', pathname: '/hotels', search: '', name: 'Hotels' as const, params: {} };
    expect(refusalTarget(q, pub, { key: 'k2', pathname: '/hotel-b/dashboard' }, moderatorOfA)).toMatch(/^\/\?/);
    const same = {
      key: 'k2',
      pathname: '/hotel-a/dashboard',
      search: '',
      name: 'Dashboard' as const,
      params: { customerId: 'hotel-a' },
    };
    expect(refusalTarget(q, same, { key: 'k2', pathname: '/hotel-a/dashboard' }, moderatorOfA)).toMatch(/^\/\?/);
  });

  it('goes Home when the previous guarded page would refuse the user too (no loop)', () => {
    const prev = {
      key: 'k1',
      pathname: '/hotel-c/settings',
      search: '',
      name: 'CustomerSettings' as const,
      params: { customerId: 'hotel-c' },
    };
    expect(refusalTarget(q, prev, { key: 'k2', pathname: '/hotel-b/dashboard' }, moderatorOfA)).toMatch(/^\/\?/);
  });
});

describe('refusedBySignOut', () => {
  it('the page the user just signed out on sends them Home without the dialog, for a few seconds', () => {
    expect(refusedBySignOut(signedOut, '/user/settings', 1_000)).toBe(false);
    markSignOut('/user/settings', 1_000);
    expect(refusedBySignOut(signedOut, '/user/settings', 2_000)).toBe(true);
    expect(refusedBySignOut({ ...signedOut, status: 'unknown' }, '/user/settings', 2_000)).toBe(false);
    // Another guarded page, or later: a signed-out visitor gets the dialog as usual.
    expect(refusedBySignOut(signedOut, '/customers/new', 2_000)).toBe(false);
    expect(refusedBySignOut(signedOut, '/user/settings', 12_000)).toBe(false);
  });
});
