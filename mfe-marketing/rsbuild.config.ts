import { mergeRsbuildConfig } from '@rsbuild/core';
import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

const base = defineGuestmapApp({
  name: 'marketing',
  dir: import.meta.dirname,
  title: 'Guestmap',
  exposes: {
    './Home': './src/expose/home.tsx',
    './Hotels': './src/expose/hotels.tsx',
    './SalesPresentation': './src/expose/sales-presentation.tsx',
    './AboutUs': './src/expose/about-us.tsx',
    './TermsAndPrivacy': './src/expose/terms-and-privacy.tsx',
    './ContactDialog': './src/expose/contact-dialog.tsx',
    './register': './src/expose/register.ts',
  },
});

// The pages' CSS is injected as <style> elements by the JS that needs it: the shell's
// Content-Security-Policy allows inline styles but not stylesheets from a remote's origin,
// and it keeps each screen's CSS with the chunk that renders it.
export default mergeRsbuildConfig(base, { output: { injectStyles: true } });
