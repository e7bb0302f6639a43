// Small line icons for the feature cards (SVG: no emoji font needed, crisp at any size).
const common = {
  width: 26,
  height: 26,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export const FEATURE_ICONS = [
  // a folded map with a pin
  <svg key="map" {...common}>
    <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z" />
    <path d="M9 4v14M15 6v14" />
  </svg>,
  // a gift
  <svg key="gift" {...common}>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 3.5 8 4.5 9 8 12 8Zm0 0s1.5-4.5 4-3.5S15 8 12 8Z" />
  </svg>,
  // a phone scanning a code
  <svg key="phone" {...common}>
    <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
    <path d="M9 7h2v2H9zM13 7h2v2h-2zM9 11h2v2H9zM13.5 11.5h1v1h-1zM11 18h2" />
  </svg>,
  // a hotel
  <svg key="hotel" {...common}>
    <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 10h4a1 1 0 0 1 1 1v10M2 21h20" />
    <path d="M8 8h1M11 8h1M8 12h1M11 12h1M8 16h1M11 16h1" />
  </svg>,
];
