// Contact form rules: the spec's messages ('This field is required', 'Incorrect email format')
// plus the database's length limits (contact_messages constraints), as i18n keys.
export interface ContactValues {
  name: string;
  email: string;
  hotel: string;
  message: string;
}
export type ContactField = keyof ContactValues;
export type ContactError = { key: 'required' | 'email' | 'tooLong'; max?: number };

/** The same shape the database checks (contact_messages_email_format). */
export const EMAIL_RE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
export const MAX = { name: 120, email: 320, hotel: 200, message: 5000 } as const;

export function validateContactField(field: ContactField, value: string): ContactError | null {
  const v = value.trim();
  if (field !== 'hotel' && !v) return { key: 'required' };
  if (v.length > MAX[field]) return { key: 'tooLong', max: MAX[field] };
  if (field === 'email' && !EMAIL_RE.test(v)) return { key: 'email' };
  return null;
}

export function validateContact(values: ContactValues): Partial<Record<ContactField, ContactError>> {
  const errors: Partial<Record<ContactField, ContactError>> = {};
  for (const f of Object.keys(values) as ContactField[]) {
    const e = validateContactField(f, values[f]);
    if (e) errors[f] = e;
  }
  return errors;
}
