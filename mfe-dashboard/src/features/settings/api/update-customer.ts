// Saves the customer's settings (`customers`, its one row): the row as saved, or the refusal thrown. Changing
// `require_mfa` is a money action: the database may ask for the authenticator code first (step-up).
import type { Tables, TablesUpdate, TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';

export async function updateCustomer(
  db: TypedClient,
  customerId: string,
  patch: TablesUpdate<'customers'>,
): Promise<Tables<'customers'>> {
  const { data, error } = await withStepUp(db, async () =>
    db.from('customers').update(patch).eq('id', customerId).select('*').single(),
  );
  if (error) throw error;
  return data;
}
