// The customer's recommendations, drafts too (moderators and admins read every row of their customers), in
// the order guests see them.
import type { Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Activity = Tables<'activities'>;

export const listActivities = (db: TypedClient, customerId: string) =>
  db.from('activities').select('*').eq('customer_id', customerId).order('sort_order').order('created_at');
