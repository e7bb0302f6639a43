// Real screenshots of the product for the Home carousel, one set per language, captured from the
// running product with the demo data by scripts/capture-screens.mjs (re-run it when screens change).
// A slide whose screenshot is missing would fall back to its drawn illustration (phone-screens.tsx).
import type { ComponentType } from 'react';
import mapEn from '../../../assets/screens/map-en.webp';
import mapVi from '../../../assets/screens/map-vi.webp';
import mapFr from '../../../assets/screens/map-fr.webp';
import placeEn from '../../../assets/screens/place-en.webp';
import placeVi from '../../../assets/screens/place-vi.webp';
import placeFr from '../../../assets/screens/place-fr.webp';
import welcomeEn from '../../../assets/screens/welcome-en.webp';
import welcomeVi from '../../../assets/screens/welcome-vi.webp';
import welcomeFr from '../../../assets/screens/welcome-fr.webp';
import rewardsEn from '../../../assets/screens/rewards-en.webp';
import rewardsVi from '../../../assets/screens/rewards-vi.webp';
import rewardsFr from '../../../assets/screens/rewards-fr.webp';
import type { Lang } from '@guestmap/shared-ui/i18n';
import { MapScreen, PlaceScreen, RewardsScreen, WelcomeScreen } from '../../../lib/components/phone-screens.tsx';

export type SlideId = 'map' | 'place' | 'rewards' | 'welcome';

// Chinese, Korean and Japanese have no screenshots yet (they need every catalogue and the demo places in
// those languages: re-run scripts/capture-screens.mjs and import them here): their slides show the drawn
// illustration, which has no text.
const SHOTS: Partial<Record<SlideId, Partial<Record<Lang, string>>>> = {
  map: { en: mapEn, vi: mapVi, fr: mapFr },
  place: { en: placeEn, vi: placeVi, fr: placeFr },
  rewards: { en: rewardsEn, vi: rewardsVi, fr: rewardsFr },
  welcome: { en: welcomeEn, vi: welcomeVi, fr: welcomeFr },
};

const DRAWN: Record<SlideId, ComponentType<{ label: string }>> = {
  map: MapScreen,
  place: PlaceScreen,
  rewards: RewardsScreen,
  welcome: WelcomeScreen,
};

export const SLIDE_IDS = Object.keys(DRAWN) as SlideId[];

/**
 * The slide's screenshot in the page's language (captured at 360 × 740 CSS pixels). The carousel mounts
 * it when it is wanted (near the screen, shown or next), so it loads at once: the browser's own lazy
 * loading would wait for a slide that sits beside the shown one, clipped by its section's containment.
 */
export function SlideMedia({ id, lang, label }: { id: SlideId; lang: Lang; label: string }) {
  const src = SHOTS[id]?.[lang];
  if (!src) {
    const Drawn = DRAWN[id];
    return <Drawn label={label} />;
  }
  return <img src={src} alt={label} width={360} height={740} decoding="async" />;
}
