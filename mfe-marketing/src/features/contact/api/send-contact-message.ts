// Inserts a contact form submission. Anonymous visitors may only insert into contact_messages
// (nothing is readable back), so the request asks for return=minimal: supabase-js does that when
// no .select() follows the insert.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { ContactValues } from '../validate.ts';

export async function sendContactMessage(supabase: SupabaseClient, values: ContactValues, locale: Locale): Promise<void> {
  const { error } = await supabase.from('contact_messages').insert({
    name: values.name.trim(),
    email: values.email.trim(),
    hotel: values.hotel.trim() || null,
    message: values.message.trim(),
    locale,
  });
  if (error) throw new Error(error.message);
}
