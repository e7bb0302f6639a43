// Standalone: this remote alone inside the dev harness (same platform context as in the shell).
import { mountHarness } from '@guestmap/shared-ui/harness';
import register from './expose/register.ts';
import Home from './expose/home.tsx';
import Hotels from './expose/hotels.tsx';
import SalesPresentation from './expose/sales-presentation.tsx';
import AboutUs from './expose/about-us.tsx';
import TermsAndPrivacy from './expose/terms-and-privacy.tsx';

void mountHarness({
  remote: 'marketing',
  register,
  screens: {
    Home: Home,
    Hotels: Hotels,
    HotelsSalesPresentation: SalesPresentation,
    AboutUs: AboutUs,
    TermsAndPrivacy: TermsAndPrivacy,
  },
});
