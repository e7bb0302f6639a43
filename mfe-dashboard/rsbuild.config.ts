import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

export default defineGuestmapApp({
  name: 'dashboard',
  dir: import.meta.dirname,
  title: 'Guestmap dashboard',
  exposes: {
    './Dashboard': './src/expose/dashboard.tsx',
    './CustomerSettings': './src/expose/customer-settings.tsx',
    './PartnerPortal': './src/expose/partner-portal.tsx',
    './register': './src/expose/register.ts',
  },
});
