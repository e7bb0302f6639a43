import { defineGuestmapApp, exposesOf } from '../shared-ui/build/rsbuild-app.ts';

const config = defineGuestmapApp({
  name: 'map',
  dir: import.meta.dirname,
  title: 'Guestmap map',
  // The remote's screens, from the route registry (shared-ui/src/contracts/route-registry.js).
  exposes: exposesOf('map'),
});

// CSS (ours and Leaflet's) travels inside this remote's JS chunks and is injected as <style> tags:
// the shell's CSP allows inline styles but not stylesheets from remote origins, and this keeps
// Leaflet's CSS out of the shell.
config.output = { ...config.output, injectStyles: true };

export default config;
