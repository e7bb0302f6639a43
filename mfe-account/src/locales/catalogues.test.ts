import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

function keys(o: unknown, prefix = ''): string[] {
  if (!o || typeof o !== 'object') return [prefix];
  return Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

function leaves(o: unknown): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (v: unknown, p: string) => {
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, p ? `${p}.${k}` : k);
    else out.push([p, String(v)]);
  };
  walk(o, '');
  return out;
}

describe('catalogues', () => {
  it('vi and fr have exactly the keys of en', () => {
    const ref = keys(en).sort();
    expect(keys(vi).sort()).toEqual(ref);
    expect(keys(fr).sort()).toEqual(ref);
  });
  it('interpolations match in every language', () => {
    const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join(',');
    const viMap = new Map(leaves(vi));
    const frMap = new Map(leaves(fr));
    for (const [k, s] of leaves(en)) {
      expect(vars(viMap.get(k) ?? ''), `vi ${k}`).toBe(vars(s));
      expect(vars(frMap.get(k) ?? ''), `fr ${k}`).toBe(vars(s));
    }
  });
  it('the spec strings are the English ones, word for word', () => {
    expect(en.validation).toMatchObject({
      required: 'This field is required',
      email: 'Incorrect email format',
      terms: 'You must check this box to continue',
      minLength: 'At least 6 characters',
      nickname: 'You must enter a nickname',
      nicknameEmpty: 'Nickname cannot be empty',
    });
    expect(en.errors).toMatchObject({
      emailInUse: 'Email already in use',
      wrongCredentials: 'Incorrect email or password',
      signInError: 'Sign-in error',
      noAccount: 'No account associated with this email',
      popupClosed: 'Popup has been closed',
      tooMany: 'Too many attempts. Please wait a moment and try again.',
      codeExpired: 'This code has expired or is invalid. Request a new one.',
      network: "Can't reach the server. Check your connection and try again.",
    });
    expect(en.success.codeSent).toBe('A code has been sent to you by email');
    expect(en.user.name).toMatchObject({ success: 'Name updated successfully', error: 'Error updating name' });
    expect(en.user.language).toMatchObject({
      success: 'Language updated successfully',
      error: 'Error updating language',
    });
  });
});

// Every language of the product (issue 30): keys, placeholders, plural forms, nothing left in English.
describeCatalogues('account catalogues in every language', import.meta.dirname, {
  sameAsEnglish: [
    'customer.namePlaceholder',
    'vi:auth.fields.email',
    'vi:user.email',
    'fr:auth.fields.code',
    'fr:user.invitations.title',
    'fr:customer.position',
    'fr:customer.latitude',
    'fr:customer.longitude',
    'fr:customer.zoom',
  ],
});
