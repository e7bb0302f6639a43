// Standalone: this remote alone inside the dev harness (same platform context as in the shell).
import { mountHarness } from '@guestmap/shared-ui/harness';
import register from './expose/register.ts';
import UserSettings from './expose/user-settings.tsx';
import CustomerCreate from './expose/customer-create.tsx';

void mountHarness({
  remote: 'account',
  register,
  screens: { UserSettings: UserSettings, CustomerCreate: CustomerCreate },
});
