// Category colours (WCAG AA against white text) and a glyph for markers and chips.
import type { Category } from './types.ts';

export const CATEGORY_STYLE: Record<Category, { color: string; glyph: string }> = {
  food: { color: '#C2410C', glyph: '🍜' },
  cafe: { color: '#8B5A2B', glyph: '☕' },
  nightlife: { color: '#7E22CE', glyph: '🍸' },
  sight: { color: '#1D4ED8', glyph: '🏛' },
  culture: { color: '#BE185D', glyph: '🎭' },
  shopping: { color: '#B45309', glyph: '🛍' },
  wellness: { color: '#0F766E', glyph: '💆' },
  tour: { color: '#4338CA', glyph: '🛵' },
  transport: { color: '#475569', glyph: '🚌' },
  family: { color: '#A21CAF', glyph: '🎠' },
  nature: { color: '#15803D', glyph: '🌳' },
  service: { color: '#334155', glyph: 'ℹ' },
};

export const categoryStyle = (c: string) => CATEGORY_STYLE[c as Category] ?? CATEGORY_STYLE.service;
