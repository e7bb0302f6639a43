// The partner businesses the signed-in account is staff of (`my_partners`). Every read and write of the portal
// is a security-definer RPC that checks the caller again; the route guard is a convenience.
import type { Json, TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';

export interface MyPartner {
  activity_id: string;
  customer_id: string;
  title: Json;
  hotel_name: string;
}

export const myPartners = (db: TypedClient) => rpcOrThrow(db, 'my_partners').then((r) => r ?? []);
