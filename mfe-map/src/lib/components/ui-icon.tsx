// The map's interface icons (search, near me, rewards) as SVG line drawings in the current colour, like
// the category icons. Not text symbols: "⌕" and "🎁" are missing from many fonts (empty boxes on some
// phones), and a symbol the page's fonts lack makes the browser search every installed font for it on
// the first layout (10–20 ms here for each, measured, before any throttling).
const ICON_PATHS = {
  search: ['M10.5 4a6.5 6.5 0 1 0 0 13a6.5 6.5 0 1 0 0-13z', 'M15.5 15.5L20 20'],
  locate: [
    'M12 5a7 7 0 1 0 0 14a7 7 0 1 0 0-14z',
    'M12 10a2 2 0 1 0 0 4a2 2 0 1 0 0-4z',
    'M12 2v3M12 19v3M2 12h3M19 12h3',
  ],
  gift: [
    'M4 11h16v9H4z',
    'M3 7h18v4H3z',
    'M12 7v13',
    'M12 7C10.5 4 7 3.5 7 5.5S10 7 12 7zM12 7c1.5-3 5-3.5 5-1.5S14 7 12 7z',
  ],
} as const;

export type UiIconName = keyof typeof ICON_PATHS;

export function UiIcon({ name, size = 16, className }: { name: UiIconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `gm-ui-icon ${className}` : 'gm-ui-icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICON_PATHS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
