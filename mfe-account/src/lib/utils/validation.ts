// Field checks run in the browser before any request (spec section 5). Each returns a catalogue
// key or null. The e-mail pattern is the one the auth server applies, so both always agree.
export const PASSWORD_MIN = 6;
export const NICKNAME_MAX = 80;

const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export type ValidationKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.terms'
  | 'validation.minLength'
  | 'validation.nickname'
  | 'validation.nicknameEmpty'
  | 'validation.codeFormat'
  | 'user.name.tooLong';

export function validateEmail(v: string): ValidationKey | null {
  const s = v.trim();
  if (!s) return 'validation.required';
  if (s.length > 255 || !EMAIL_RE.test(s)) return 'validation.email';
  return null;
}

export function validatePassword(v: string): ValidationKey | null {
  if (!v) return 'validation.required';
  if ([...v].length < PASSWORD_MIN) return 'validation.minLength';
  return null;
}

/** Sign-up nickname. */
export function validateNickname(v: string): ValidationKey | null {
  if (!v.trim()) return 'validation.nickname';
  if (v.trim().length > NICKNAME_MAX) return 'user.name.tooLong';
  return null;
}

/** Display name edited in the settings. */
export function validateDisplayName(v: string): ValidationKey | null {
  if (!v.trim()) return 'validation.nicknameEmpty';
  if (v.trim().length > NICKNAME_MAX) return 'user.name.tooLong';
  return null;
}

export function validateTerms(checked: boolean): ValidationKey | null {
  return checked ? null : 'validation.terms';
}

export function validateCode(v: string): ValidationKey | null {
  const s = v.replace(/\s+/g, '');
  if (!s) return 'validation.required';
  if (!/^\d{6}$/.test(s)) return 'validation.codeFormat';
  return null;
}

export type Errors<K extends string> = Partial<Record<K, ValidationKey | null>>;

export function hasErrors<K extends string>(errors: Errors<K>): boolean {
  return Object.values(errors).some(Boolean);
}
