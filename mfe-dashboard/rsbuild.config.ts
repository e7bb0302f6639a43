import { defineGuestmapApp, exposesOf } from '../shared-ui/build/rsbuild-app.ts';

export default defineGuestmapApp({
  name: 'dashboard',
  dir: import.meta.dirname,
  title: 'Guestmap dashboard',
  // The remote's screens, from the route registry (shared-ui/src/contracts/route-registry.js).
  exposes: exposesOf('dashboard'),
});
