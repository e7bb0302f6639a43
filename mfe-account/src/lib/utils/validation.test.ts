import { describe, expect, it } from 'vitest';
import {
  validateCode,
  validateDisplayName,
  validateEmail,
  validateNickname,
  validatePassword,
  validateTerms,
} from './validation.ts';

describe('field validation', () => {
  it('e-mail', () => {
    expect(validateEmail('')).toBe('validation.required');
    expect(validateEmail('   ')).toBe('validation.required');
    expect(validateEmail('nope')).toBe('validation.email');
    expect(validateEmail('a@b')).toBe('validation.email');
    expect(validateEmail('a b@c.de')).toBe('validation.email');
    expect(validateEmail('guest@demo.test')).toBeNull();
    expect(validateEmail('  Guest@Demo.Test ')).toBeNull();
  });
  it('password: required, then at least 6 characters (counted as characters, not bytes)', () => {
    expect(validatePassword('')).toBe('validation.required');
    expect(validatePassword('12345')).toBe('validation.minLength');
    expect(validatePassword('123456')).toBeNull();
    expect(validatePassword('ééééé')).toBe('validation.minLength');
  });
  it('nickname on sign-up and display name in settings', () => {
    expect(validateNickname('')).toBe('validation.nickname');
    expect(validateNickname('  ')).toBe('validation.nickname');
    expect(validateNickname('Lan')).toBeNull();
    expect(validateDisplayName(' ')).toBe('validation.nicknameEmpty');
    expect(validateDisplayName('x'.repeat(81))).toBe('user.name.tooLong');
    expect(validateDisplayName('Minh')).toBeNull();
  });
  it('terms and code', () => {
    expect(validateTerms(false)).toBe('validation.terms');
    expect(validateTerms(true)).toBeNull();
    expect(validateCode('')).toBe('validation.required');
    expect(validateCode('12 34 56')).toBeNull();
    expect(validateCode('12345')).toBe('validation.codeFormat');
  });
});
