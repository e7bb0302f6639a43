import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

export default defineGuestmapApp({ name: 'shell', dir: import.meta.dirname, title: 'Guestmap' });
