import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

const config = defineGuestmapApp({
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

// CSS (Leaflet's) is injected as <style> by the JS chunk that needs it: the pages' CSP allows
// inline styles but not stylesheets from this remote's origin.
export default { ...config, output: { ...config.output, injectStyles: true } };
