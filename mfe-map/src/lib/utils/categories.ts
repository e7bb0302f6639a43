// Category colours (WCAG AA against white text); the icons are in category-icons.ts.
import type { Category } from './types.ts';

export const CATEGORY_STYLE: Record<Category, { color: string }> = {
  food: { color: '#C2410C' },
  cafe: { color: '#8B5A2B' },
  nightlife: { color: '#7E22CE' },
  sight: { color: '#1D4ED8' },
  culture: { color: '#BE185D' },
  shopping: { color: '#B45309' },
  wellness: { color: '#0F766E' },
  tour: { color: '#4338CA' },
  transport: { color: '#475569' },
  family: { color: '#A21CAF' },
  nature: { color: '#15803D' },
  service: { color: '#334155' },
};

export const categoryStyle = (c: string) => CATEGORY_STYLE[c as Category] ?? CATEGORY_STYLE.service;
