import { defineGuestmapApp } from '../shared-ui/build/rsbuild-app.ts';

export default defineGuestmapApp({
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
