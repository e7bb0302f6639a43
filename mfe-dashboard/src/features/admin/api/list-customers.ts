// Administrators: every customer with its kind and package.
import type { Tables, TypedClient } from '@guestmap/shared-ui/database';

export type CustomerRow = Pick<Tables<'customers'>, 'id' | 'name' | 'kind' | 'package'>;

export const listCustomers = (db: TypedClient) => db.from('customers').select('id, name, kind, package').order('id');
