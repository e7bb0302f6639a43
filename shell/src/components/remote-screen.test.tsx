// A remote screen in the platform's providers with the shell's real Module Federation runtime: the
// loading state while the remote's manifest is asked for, then, the remote's server being down, the
// fallback with Retry in the page's language (every other part of the page keeps working).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from '@guestmap/shared-ui/testing';
import { SHELL_TEXTS } from '../app/i18n.ts';
import { init } from '@module-federation/enhanced/runtime';
import { registerFromConfig } from '../mf/remotes.ts';
import { RemoteScreen } from './remote-screen.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// A port nothing listens on: the manifest's request is refused at once.
const DOWN = 'http://127.0.0.1:9/mf-manifest.json';

describe('RemoteScreen', () => {
  it('shows the loading state, then the fallback with Retry when the remote is down, and tries again', async () => {
    // The failed loads are reported on the console (as in the page): kept out of the test's output.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The runtime the shell's build sets up, here by hand.
    init({ name: 'shell', remotes: [] });
    registerFromConfig({
      supabaseUrl: 'http://127.0.0.1:9',
      supabaseAnonKey: 'anon',
      remotes: { marketing: DOWN, map: DOWN, account: DOWN, dashboard: DOWN },
    });
    await renderWithPlatform(<RemoteScreen remote="map" module="MapScreen" />, {
      language: 'ko',
      texts: { shell: SHELL_TEXTS },
    });
    expect(screen.getByRole('status').textContent).toBe('불러오는 중…');
    const fallback = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(fallback.textContent).toContain('지금은 Guestmap의 이 기능을 사용할 수 없어요');
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(screen.getByRole('status').textContent).toBe('불러오는 중…');
    expect(await screen.findByRole('alert', {}, { timeout: 6000 })).toBeTruthy();
  }, 20_000);
});
