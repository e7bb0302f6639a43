import { describe, expect, it, vi } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/shared-ui/database';
import { loadMyCustomers, mergeProfileRow, profileFromClaims, decodeClaims } from './profile.ts';
import { classifyAuthError } from './session.ts';

const b64url = (o: unknown) =>
  btoa(unescape(encodeURIComponent(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('profile', () => {
  it('decodes UTF-8 claims', () => {
    expect(decodeClaims(`x.${b64url({ name: 'Tiếng Việt', is_admin: true })}.y`)).toEqual({
      name: 'Tiếng Việt',
      is_admin: true,
    });
    expect(decodeClaims('garbage')).toEqual({});
  });

  it('copies the claims that are present, then merges the profile row over them', () => {
    const base = profileFromClaims('u1', 'a@b.c', {
      is_admin: false,
      moderator: { 'hotel-a': true, 'hotel-b': false },
      customer: 'hotel-a',
    });
    expect(base).toMatchObject({
      isAdmin: false,
      moderator: { 'hotel-a': true },
      customer: 'hotel-a',
      language: 'en-US',
    });
    const merged = mergeProfileRow(base, {
      id: 'u1',
      email: 'a@b.c',
      display_name: 'Ada',
      profile_picture_url: 'https://x/y.png',
      is_admin: true,
      is_disabled: false,
      customer: null,
      language: 'vi-VN',
    });
    expect(merged).toMatchObject({
      displayName: 'Ada',
      profilePictureUrl: 'https://x/y.png',
      isAdmin: true,
      customer: 'hotel-a',
      language: 'vi-VN',
      moderator: { 'hotel-a': true },
    });
    expect(profileFromClaims('u1', null, {})).toMatchObject({ isAdmin: false, moderator: {}, customer: null });
  });

  it('listing the user’s customers: a failure is logged and yields an empty list', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // A real client against a server that is not there.
    const supabase = createClient<Database>('http://127.0.0.1:9', 'eyJhbGciOiJIUzI1NiJ9.e30.x', {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    await expect(loadMyCustomers(supabase, '00000000-0000-4000-a000-000000000003')).resolves.toEqual([]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    // supabase-js retries an idempotent read three times with backoff before giving up.
  }, 30_000);
});

describe('classifyAuthError', () => {
  it('fatal codes sign out; network failures retry', () => {
    for (const code of ['user_banned', 'session_not_found', 'refresh_token_not_found', 'user_not_found'])
      expect(classifyAuthError({ name: 'AuthApiError', status: 400, code })).toEqual({
        ok: false,
        kind: 'fatal',
        code,
      });
    expect(classifyAuthError({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' })).toMatchObject(
      { kind: 'network' },
    );
    expect(classifyAuthError({ name: 'AuthApiError', status: 503 })).toMatchObject({ kind: 'network' });
    expect(classifyAuthError({ name: 'AuthApiError', status: 400, code: 'validation_failed' })).toMatchObject({
      kind: 'other',
    });
  });
});
