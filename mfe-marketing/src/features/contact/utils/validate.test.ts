import { describe, expect, it } from 'vitest';
import { validateContact, validateContactField } from './validate.ts';

describe('contact form validation', () => {
  it('requires name, e-mail and message; the hotel is optional', () => {
    expect(validateContact({ name: ' ', email: '', hotel: '', message: '' })).toEqual({
      name: { key: 'required' },
      email: { key: 'required' },
      message: { key: 'required' },
    });
  });
  it('checks the e-mail format as the database does', () => {
    expect(validateContactField('email', 'anna@hotel')).toEqual({ key: 'email' });
    expect(validateContactField('email', 'anna @hotel.vn')).toEqual({ key: 'email' });
    expect(validateContactField('email', 'anna@hotel.vn')).toBeNull();
  });
  it('enforces the length limits', () => {
    expect(validateContactField('name', 'x'.repeat(121))).toEqual({ key: 'tooLong', max: 120 });
    expect(validateContactField('message', 'x'.repeat(5000))).toBeNull();
  });
});
