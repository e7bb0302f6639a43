// Standalone: this remote alone inside the dev harness (same platform context as in the shell).
import { mountHarness } from '@guestmap/shared-ui/harness';
import register from './expose/register.ts';
import CustomerScreen from './expose/customer-screen.tsx';
import MapScreen from './expose/map-screen.tsx';
import ActivityScreen from './expose/activity-screen.tsx';

void mountHarness({
  remote: 'map',
  register,
  screens: { Customer: CustomerScreen, Map: MapScreen, Activity: ActivityScreen },
});
