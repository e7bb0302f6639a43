import path from 'node:path';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';
import { cssVariables } from '../shared-ui/src/tokens/index.ts';
import { pluginPaintFirst } from './build/paint-first.ts';
import { pluginSwBuildId } from './build/sw-build-id.ts';

/** The dark theme's variables for the page the server marks dark (`<html data-theme="dark">`), before any script. */
export const darkThemeCss = `html[data-theme=dark]{color-scheme:dark;${Object.entries(cssVariables('dark'))
  .filter(([k]) => !/radius|font|touch/.test(k))
  .map(([k, v]) => `${k}:${v}`)
  .join(';')}}`;

const base = mergeRsbuildConfig(defineGuestmapApp({ name: 'shell', dir: import.meta.dirname, title: 'Guestmap' }), {
  html: { templateParameters: { darkThemeCss } },
});

// Production: the page paints what the server sent before the shell's scripts run (build/paint-first.ts),
// and the service worker carries the build's id (build/sw-build-id.ts).
const production = process.env.NODE_ENV === 'production';
const paintFirst =
  production && !process.env.GUESTMAP_NO_PAINT_FIRST
    ? [pluginPaintFirst(path.join(import.meta.dirname, 'src/start.js'))]
    : [];
export default production ? mergeRsbuildConfig(base, { plugins: [...paintFirst, pluginSwBuildId()] }) : base;
