// Category icons as SVG line drawings (24 × 24, stroked in the current colour), drawn for Guestmap.
// SVG instead of emoji: the same on every phone, crisp at any size, and no dependence on an emoji font
// (headless and some Android browsers show empty boxes).
import type { Category } from './types.ts';

export const CATEGORY_ICON_PATHS: Record<Category, readonly string[]> = {
  food: ['M3 12h18a9 9 0 0 1-18 0z', 'M13 3l-2 7M18 3l-4 7'],
  cafe: ['M4 9h12v5a5 5 0 0 1-5 5h-2a5 5 0 0 1-5-5z', 'M16 11h2a2 2 0 0 1 0 4h-2', 'M8 3v3M12 3v3'],
  nightlife: ['M4 4h16l-8 9z', 'M12 13v7M8 20h8'],
  sight: ['M3 9l9-5 9 5z', 'M5 10v8M10 10v8M14 10v8M19 10v8M3 20h18'],
  culture: ['M4 5h16v14H4z', 'M4 16l5-5 4 4 3-3 4 4'],
  shopping: ['M5 8h14l-1 12H6z', 'M9 8V6a3 3 0 0 1 6 0v2'],
  wellness: ['M5 19c0-8 6-14 14-14 0 8-6 14-14 14z', 'M5 19l8-8'],
  tour: ['M6 21V4', 'M6 4h11l-2 4 2 4H6'],
  transport: ['M7 4h10a2 2 0 0 1 2 2v11H5V6a2 2 0 0 1 2-2z', 'M5 11h14M8 17v3M16 17v3'],
  family: ['M12 3a5 5 0 0 1 5 5c0 4-3 7-5 7s-5-3-5-7a5 5 0 0 1 5-5z', 'M12 15v2c0 2-2 2-2 4'],
  nature: ['M12 3l6 8H6z', 'M12 8l7 9H5z', 'M12 17v4'],
  service: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0', 'M12 11v6M12 7.5v.5'],
};

export const categoryIconPaths = (c: string) => CATEGORY_ICON_PATHS[c as Category] ?? CATEGORY_ICON_PATHS.service;

const SVG_NS = 'http://www.w3.org/2000/svg';
const ATTRS: Record<string, string> = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
};

/** The icon as a DOM element, for markers built outside React (Leaflet). */
export function categoryIconElement(category: string, size: number, className?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [k, v] of Object.entries(ATTRS)) svg.setAttribute(k, v);
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  if (className) svg.setAttribute('class', className);
  for (const d of categoryIconPaths(category)) {
    const p = document.createElementNS(SVG_NS, 'path');
    p.setAttribute('d', d);
    svg.appendChild(p);
  }
  return svg;
}
