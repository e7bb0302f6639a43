// Standalone: this remote alone inside the dev harness (same platform context as in the shell).
import { mountHarness } from '@guestmap/shared-ui/harness';
import register from './expose/register.ts';
import Dashboard from './expose/dashboard.tsx';
import CustomerSettings from './expose/customer-settings.tsx';

void mountHarness({
  remote: 'dashboard',
  register,
  screens: { Dashboard: Dashboard, CustomerSettings: CustomerSettings },
});
