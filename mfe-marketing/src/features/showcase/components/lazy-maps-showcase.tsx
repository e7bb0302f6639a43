// The showcase, downloaded with the data layer when the Hotels page draws it: the page's first bytes carry
// neither. The skeleton shows meanwhile; a download that fails (offline) says so with Try again, which downloads
// it again (React keeps a failed lazy component failed: a fresh one is made).
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { ShowcaseFailed, ShowcaseLoading } from './showcase-states.tsx';

function loader(again: () => void): ComponentType {
  return lazy(() =>
    import('./maps-showcase.tsx').then(
      (m) => ({ default: m.MapsShowcase }),
      () => ({ default: () => <ShowcaseFailed onRetry={again} /> }),
    ),
  );
}

export function LazyMapsShowcase() {
  const [Showcase, setShowcase] = useState<ComponentType>(() => loader(again));
  function again() {
    setShowcase(() => loader(again));
  }
  return (
    <Suspense fallback={<ShowcaseLoading />}>
      <Showcase />
    </Suspense>
  );
}
