import { describe, expect, it } from 'vitest';
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { authErrorField, authErrorKey, customerErrorKey, isNetworkError } from './errors.ts';

describe('authErrorKey maps auth error codes, never messages', () => {
  it.each([
    ['user_already_exists', 'errors.emailInUse'],
    ['email_exists', 'errors.emailInUse'],
    ['invalid_credentials', 'errors.wrongCredentials'],
    ['email_not_confirmed', 'errors.emailNotConfirmed'],
    ['user_not_found', 'errors.noAccount'],
    ['over_request_rate_limit', 'errors.tooMany'],
    ['over_email_send_rate_limit', 'errors.tooMany'],
    ['otp_expired', 'errors.codeExpired'],
    ['user_banned', 'errors.banned'],
    ['weak_password', 'validation.minLength'],
    ['validation_failed', 'validation.email'],
    ['popup_closed', 'errors.popupClosed'],
  ])('%s → %s', (code, key) => {
    expect(authErrorKey(new AuthApiError('whatever the server says', 400, code))).toBe(key);
  });

  it('does not read the message', () => {
    expect(authErrorKey(new AuthApiError('Invalid login credentials', 400, 'unexpected_failure'))).toBe(
      'errors.signInError',
    );
    expect(authErrorKey({ message: 'User already registered' })).toBe('errors.signInError');
  });

  it('unknown codes and odd values give the generic sign-in error', () => {
    expect(authErrorKey(new AuthApiError('x', 500, 'unexpected_failure'))).toBe('errors.signInError');
    expect(authErrorKey(null)).toBe('errors.signInError');
    expect(authErrorKey('boom')).toBe('errors.signInError');
  });

  it('a 429 without a code is still "too many attempts"', () => {
    expect(authErrorKey({ status: 429 })).toBe('errors.tooMany');
  });

  it('network failures (no answer) are reported as such', () => {
    const e = new AuthRetryableFetchError('Failed to fetch', 0);
    expect(isNetworkError(e)).toBe(true);
    expect(authErrorKey(e)).toBe('errors.network');
    expect(authErrorKey(new TypeError('Failed to fetch'))).toBe('errors.network');
    expect(isNetworkError(new AuthApiError('x', 400, 'invalid_credentials'))).toBe(false);
  });

  it('the weak-password error class carries its code', () => {
    expect(authErrorKey(new AuthWeakPasswordError('short', 422, ['length']))).toBe('validation.minLength');
  });

  it('field placement', () => {
    expect(authErrorField('validation.minLength')).toBe('password');
    expect(authErrorField('errors.emailInUse')).toBe('email');
    expect(authErrorField('errors.wrongCredentials')).toBeNull();
  });
});

describe('customerErrorKey maps create_customer details', () => {
  it.each([
    ['slug_taken', 'customer.slugStatus.slug_taken'],
    ['slug_reserved', 'customer.slugStatus.slug_reserved'],
    ['slug_format', 'customer.slugStatus.slug_format'],
    ['city_admin_only', 'customer.errors.city_admin_only'],
    ['invalid_position', 'customer.errors.invalid_position'],
  ])('%s', (details, key) => {
    expect(customerErrorKey({ code: 'P0001', message: 'x', details, hint: null })).toBe(key);
  });
  it('network and unknown', () => {
    expect(
      customerErrorKey({ message: 'TypeError: Failed to fetch', details: '', hint: '', code: '', status: 0 }),
    ).toBe('customer.errors.network');
    expect(customerErrorKey({ code: '42501', details: 'something_new' })).toBe('customer.errors.unknown');
  });
});
