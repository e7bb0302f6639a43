// Inserts a contact form submission. Anonymous visitors may only insert into contact_messages
// (nothing is readable back), so the request says Prefer: return=minimal explicitly (PostgREST's
// default too, but a representation would be refused by the row-level security on select).
import type { Db, Locale } from '@guestmap/shared-ui/contracts';
import type { ContactValues } from '../validate.ts';

/** Why a message was not sent: the database's rate limit (its `details` code), or anything else. */
export type ContactSendFailure = 'rate_limited' | 'failed';

export class ContactSendError extends Error {
  constructor(
    readonly reason: ContactSendFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ContactSendError';
  }
}

/** The database refuses a message over its limits with P0001 and details `rate_limited` (HTTP 400). */
export function contactFailure(error: { code?: string; details?: string | null }): ContactSendFailure {
  return error.code === 'P0001' && error.details === 'rate_limited' ? 'rate_limited' : 'failed';
}

export async function sendContactMessage(db: Db, values: ContactValues, locale: Locale): Promise<void> {
  const { error } = await db
    .from('contact_messages')
    .insert({
      name: values.name.trim(),
      email: values.email.trim(),
      hotel: values.hotel.trim() || null,
      message: values.message.trim(),
      locale,
    })
    .setHeader('Prefer', 'return=minimal');
  if (error) throw new ContactSendError(contactFailure(error), error.message);
}
