// Inserts a contact form submission. Anonymous visitors may only insert into contact_messages
// (nothing is readable back), so the request says Prefer: return=minimal explicitly (PostgREST's
// default too, but a representation would be refused by the row-level security on select).
// Each message carries a request id made once per message (shared-ui in-flight): sent again after a
// lost answer, the database keeps it once and answers `already_received` (docs/reliability.md).
import type { Db, Locale } from '@guestmap/shared-ui/contracts';
import type { DbErrorCode } from '@guestmap/shared-ui/db-errors';
import type { ContactValues } from '../utils/validate.ts';

/** Why a message was not sent: the database's rate limit (its `details` code), or anything else. */
export type ContactSendFailure = Extract<DbErrorCode, 'rate_limited'> | 'failed';

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

/** The message with this request id is already stored: the earlier send went through. */
export function alreadyReceived(error: { code?: string; details?: string | null; message?: string }): boolean {
  const received: DbErrorCode = 'already_received';
  return (
    (error.code === 'P0001' && error.details === received) ||
    (error.code === '23505' && /request_id/.test(`${error.message ?? ''} ${error.details ?? ''}`))
  );
}

export async function sendContactMessage(
  db: Db,
  values: ContactValues,
  locale: Locale,
  requestId: string,
): Promise<void> {
  const { error } = await db
    .from('contact_messages')
    .insert({
      name: values.name.trim(),
      email: values.email.trim(),
      hotel: values.hotel.trim() || null,
      message: values.message.trim(),
      locale,
      request_id: requestId,
    })
    .setHeader('Prefer', 'return=minimal');
  if (error && !alreadyReceived(error)) {
    // No answer at all (the connection dropped): the caller checks by sending the same id again.
    if (!error.code) throw error;
    throw new ContactSendError(contactFailure(error), error.message);
  }
}
