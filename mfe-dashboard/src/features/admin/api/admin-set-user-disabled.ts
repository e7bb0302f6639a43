// Administrators: disable or enable an account (`admin_set_user_disabled`; the user is signed out live).
import type { TypedClient } from '@guestmap/shared-ui/database';

export const adminSetUserDisabled = (db: TypedClient, userId: string, disabled: boolean) =>
  db.rpc('admin_set_user_disabled', { p_user_id: userId, p_disabled: disabled });
