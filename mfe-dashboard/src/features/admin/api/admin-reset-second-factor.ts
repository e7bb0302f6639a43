// Administrators: remove a person's lost authenticator app (`admin_reset_second_factor`, from an aal2 session:
// the step-up prompt asks for the administrator's own code first). The holder is mailed by the database.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';

export const adminResetSecondFactor = (db: TypedClient, email: string) =>
  withStepUp(db, async () => db.rpc('admin_reset_second_factor', { p_email: email }));
