import path from 'node:path';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';
import { pluginPaintFirst } from './build/paint-first.ts';

const base = defineGuestmapApp({ name: 'shell', dir: import.meta.dirname, title: 'Guestmap' });

// Production: the page paints what the server sent before the shell's scripts run (build/paint-first.ts).
export default process.env.NODE_ENV === 'production' && !process.env.GUESTMAP_NO_PAINT_FIRST ? mergeRsbuildConfig(base, { plugins: [pluginPaintFirst(path.join(import.meta.dirname, 'src/start.js'))] }) : base;
