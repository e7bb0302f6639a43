// The addresses the marketing and legal pages give (one place to change them).
export const CONTACT_EMAIL = 'hello@guestmap.app';
export const PRIVACY_EMAIL = 'privacy@guestmap.app';
export const LAST_UPDATED = '2026-11-22';
