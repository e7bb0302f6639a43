import path from 'node:path';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';
import { cssVariables } from '../shared-ui/src/tokens/index.ts';
import { pluginPaintFirst } from './build/paint-first.ts';

/** The dark theme's variables for the page the server marks dark (`<html data-theme="dark">`), before any script. */
export const darkThemeCss = `html[data-theme=dark]{color-scheme:dark;${Object.entries(cssVariables('dark'))
  .filter(([k]) => !/radius|font|touch/.test(k))
  .map(([k, v]) => `${k}:${v}`)
  .join(';')}}`;

const base = mergeRsbuildConfig(defineGuestmapApp({ name: 'shell', dir: import.meta.dirname, title: 'Guestmap' }), {
  html: { templateParameters: { darkThemeCss } },
});

// Production: the page paints what the server sent before the shell's scripts run (build/paint-first.ts).
export default process.env.NODE_ENV === 'production' && !process.env.GUESTMAP_NO_PAINT_FIRST ? mergeRsbuildConfig(base, { plugins: [pluginPaintFirst(path.join(import.meta.dirname, 'src/start.js'))] }) : base;
