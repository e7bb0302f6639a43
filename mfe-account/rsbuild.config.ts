import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

export default defineGuestmapApp({
  name: 'account',
  dir: import.meta.dirname,
  title: 'Guestmap account',
  exposes: {
    './AuthDialog': './src/expose/auth-dialog.tsx',
    './UserSettings': './src/expose/user-settings.tsx',
    './CustomerCreate': './src/expose/customer-create.tsx',
    './register': './src/expose/register.ts',
  },
});
