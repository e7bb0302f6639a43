import { describe, expect, it } from 'vitest';
import { readRedirect } from './google-popup.ts';

describe('readRedirect', () => {
  it('reads the implicit-flow fragment', () => {
    expect(
      readRedirect(
        'http://localhost:3000/?oauth=popup#access_token=a&expires_in=3600&refresh_token=r&token_type=bearer',
      ),
    ).toEqual({ access_token: 'a', refresh_token: 'r' });
  });
  it('reports the provider error code; a cancelled consent counts as a closed popup', () => {
    expect(
      readRedirect('http://localhost:3000/#error=server_error&error_code=user_banned&error_description=x'),
    ).toEqual({ error: 'user_banned' });
    expect(readRedirect('http://localhost:3000/#error=access_denied&error_code=access_denied')).toEqual({
      error: 'popup_closed',
    });
  });
  it('nothing yet', () => {
    expect(readRedirect('http://localhost:3000/?oauth=popup')).toBeNull();
  });
});
