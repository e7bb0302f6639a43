import { defineGuestmapApp, exposesOf } from '../shared-ui/build/rsbuild-app.ts';

const config = defineGuestmapApp({
  name: 'account',
  dir: import.meta.dirname,
  title: 'Guestmap account',
  // The remote's screens, from the route registry (shared-ui/src/contracts/route-registry.js).
  exposes: exposesOf('account'),
});

// CSS (Leaflet's) is injected as <style> by the JS chunk that needs it: the pages' CSP allows
// inline styles but not stylesheets from this remote's origin.
export default { ...config, output: { ...config.output, injectStyles: true } };
