// The page for an address no route matches, rendered in the platform's providers (renderWithPlatform):
// in the visitor's language, with a link Home that navigates by route name.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from '@guestmap/shared-ui/testing';
import { SHELL_TEXTS } from '../app/i18n.ts';
import { NotFound } from './not-found.tsx';

afterEach(cleanup);

describe('NotFound', () => {
  it('says so in the page’s language and takes the visitor Home', async () => {
    const { location } = await renderWithPlatform(<NotFound />, {
      language: 'fr',
      path: '/a/b/c/d/e',
      texts: { shell: SHELL_TEXTS },
    });
    expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeTruthy();
    const home = screen.getByRole('link', { name: "Retour à l'accueil" });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home);
    expect(location().pathname).toBe('/');
  });
});
