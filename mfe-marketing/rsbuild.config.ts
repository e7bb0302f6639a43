import { mergeRsbuildConfig } from '@rsbuild/core';
import { defineGuestmapApp, exposesOf } from '../shared-ui/build/rsbuild-app.ts';

const base = defineGuestmapApp({
  name: 'marketing',
  dir: import.meta.dirname,
  title: 'Guestmap',
  // The remote's screens, from the route registry (shared-ui/src/contracts/route-registry.js).
  exposes: exposesOf('marketing'),
});

// The pages' CSS is injected as <style> elements by the JS that needs it: the shell's
// Content-Security-Policy allows inline styles but not stylesheets from a remote's origin,
// and it keeps each screen's CSS with the chunk that renders it.
export default mergeRsbuildConfig(base, { output: { injectStyles: true } });
