// The filter bar's icons are drawn (SVG), not symbols from a font: "⌕" and "◎" are missing from many fonts
// (empty boxes), and each one a page's fonts lack makes the first layout search every installed font.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../../locales/en.json';
import { FilterBar } from './filter-bar.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    ns: ['map'],
    defaultNS: 'map',
    resources: { en: { map: en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const noop = () => {};

describe('FilterBar', () => {
  it('draws its search and "Near me" icons as hidden SVG, with no symbol characters in its text', () => {
    const { container } = render(
      <FilterBar
        query=""
        onQuery={noop}
        categories={['food']}
        selected={[]}
        onToggleCategory={noop}
        onClearCategories={noop}
        openNow={false}
        onOpenNow={noop}
        near="off"
        onNear={noop}
      />,
    );
    const searchIcon = container.querySelector('.gm-search-icon');
    expect(searchIcon?.tagName.toLowerCase()).toBe('svg');
    expect(searchIcon?.getAttribute('aria-hidden')).toBe('true');
    const near = screen.getByRole('button', { name: 'Near me' });
    expect(near.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(near.textContent?.trim()).toBe('Near me');
    // Miscellaneous technical, geometric shapes, symbols and emoji: none in the bar's text.
    expect(container.textContent).not.toMatch(/[\u2300-\u23ff\u25a0-\u25ff\u2600-\u27bf\u{1f300}-\u{1faff}]/u);
  });
});
