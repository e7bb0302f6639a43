import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

export default defineGuestmapApp({
  name: 'map',
  dir: import.meta.dirname,
  title: 'Guestmap map',
  exposes: {
    './CustomerScreen': './src/expose/customer-screen.tsx',
    './MapScreen': './src/expose/map-screen.tsx',
    './ActivityScreen': './src/expose/activity-screen.tsx',
    './register': './src/expose/register.ts',
  },
});
