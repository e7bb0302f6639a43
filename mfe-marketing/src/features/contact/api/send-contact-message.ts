// Inserts a contact form submission. Anonymous visitors may only insert into contact_messages
// (nothing is readable back), so the request says Prefer: return=minimal explicitly (PostgREST's
// default too, but a representation would be refused by the row-level security on select).
import type { Db, Locale } from '@guestmap/shared-ui/contracts';
import type { ContactValues } from '../validate.ts';

export async function sendContactMessage(db: Db, values: ContactValues, locale: Locale): Promise<void> {
  const { error } = await db.from('contact_messages').insert({
    name: values.name.trim(),
    email: values.email.trim(),
    hotel: values.hotel.trim() || null,
    message: values.message.trim(),
    locale,
  }).setHeader('Prefer', 'return=minimal');
  if (error) throw new Error(error.message);
}
