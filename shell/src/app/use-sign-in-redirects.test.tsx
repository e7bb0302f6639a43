// The sign-in redirects in the order a real sign-in produces them: the auth dialog closes itself and goes to `to`
// as soon as the password is accepted, and the profile (three requests later) arrives after that.
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { Profile } from '@guestmap/shared-ui/contracts';
import { routeForPath } from '../routes/route-table.ts';
import { authSlice, makeStore } from './store.ts';
import { useSignInRedirects } from './use-sign-in-redirects.ts';

const profile: Profile = {
  id: 'u1',
  email: 'guest@demo.test',
  displayName: null,
  profilePictureUrl: null,
  isAdmin: false,
  isDisabled: false,
  customer: 'saigon-riverside-hotel',
  language: 'fr-FR',
  moderator: {},
};

function mount(start: string) {
  const store = makeStore();
  store.dispatch(authSlice.actions.signedOut());
  const seen = { path: '', navigate: null as NavigateFunction | null };
  function Probe() {
    const location = useLocation();
    seen.navigate = useNavigate();
    seen.path = location.pathname + location.search;
    useSignInRedirects(routeForPath(location.pathname)?.name ?? 'NotFound', undefined);
    return null;
  }
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[start]}>
        <Probe />
      </MemoryRouter>
    </Provider>,
  );
  return { store, seen };
}

const signIn = (store: ReturnType<typeof makeStore>, kind: 'interactive' | 'restored' = 'interactive') =>
  act(() => {
    store.dispatch(
      authSlice.actions.signedIn({ user: { id: 'u1', email: 'guest@demo.test', isAnonymous: false }, kind }),
    );
  });
const profileArrives = (store: ReturnType<typeof makeStore>) =>
  act(() => {
    store.dispatch(authSlice.actions.profileLoaded(profile));
  });

describe('after a sign-in from the auth dialog with `to`', () => {
  it('stays on `to` when the dialog went there before the profile arrived', () => {
    const { store, seen } = mount('/?to=UserSettings&dialogAuth=true');
    signIn(store);
    // The dialog: closes its query and goes to `to` (use-auth-actions' succeed()).
    act(() => void seen.navigate!('/user/settings', { replace: true }));
    profileArrives(store);
    expect(seen.path).toBe('/user/settings');
  });

  it('goes to `to` when the profile arrives first', () => {
    const { store, seen } = mount('/?to=UserSettings&dialogAuth=true');
    signIn(store);
    profileArrives(store);
    expect(seen.path).toBe('/user/settings');
  });

  it('without `to`: a user with a home hotel goes to its map, the query kept', () => {
    const { store, seen } = mount('/about-us?x=1');
    act(() => void seen.navigate!('/?x=1&dialogAuth=true', { replace: true }));
    signIn(store);
    act(() => void seen.navigate!('/?x=1', { replace: true }));
    profileArrives(store);
    expect(seen.path).toBe('/saigon-riverside-hotel/map?x=1');
  });
});
