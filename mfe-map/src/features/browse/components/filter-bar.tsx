// Search (diacritics-insensitive), category chips, "Open now", "Near me" and "More filters" (the traveller
// filters, whose chips come in `more` once loaded).
import type { ReactNode } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { CATEGORY_STYLE } from '../../../lib/utils/categories.ts';
import type { Category } from '../../../lib/utils/types.ts';
import { CategoryIcon } from '../../../lib/components/category-icon.tsx';
import { UiIcon } from '../../../lib/components/ui-icon.tsx';

export type NearState = 'off' | 'locating' | 'on' | 'denied' | 'unavailable';

interface Props {
  query: string;
  onQuery: (q: string) => void;
  categories: Category[];
  selected: string[];
  onToggleCategory: (c: string) => void;
  onClearCategories: () => void;
  openNow: boolean;
  onOpenNow: (on: boolean) => void;
  near: NearState;
  onNear: () => void;
  /** "More filters": whether its chips are open, how many of them are on, what they are. */
  moreOpen?: boolean;
  moreCount?: number;
  onMore?: () => void;
  more?: ReactNode;
}

export function FilterBar(p: Props) {
  const { t } = useTranslation('map');
  return (
    <div className="gm-filters">
      <div className="gm-search">
        <label htmlFor="gm-map-search" className="gm-visually-hidden">
          {t('browse.searchLabel')}
        </label>
        <UiIcon name="search" size={18} className="gm-search-icon" />
        <input
          id="gm-map-search"
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t('browse.searchPlaceholder')}
          value={p.query}
          onChange={(e) => p.onQuery(e.target.value)}
        />
      </div>
      <div className="gm-chips" role="group" aria-label={t('browse.filters')}>
        <button type="button" className="gm-chip" aria-pressed={p.openNow} onClick={() => p.onOpenNow(!p.openNow)}>
          {t('browse.openNow')}
        </button>
        <button
          type="button"
          className="gm-chip"
          aria-pressed={p.near === 'on'}
          aria-busy={p.near === 'locating'}
          onClick={p.onNear}
        >
          <UiIcon name="locate" size={14} /> {t('browse.nearMe')}
        </button>
        {p.onMore && (
          <button
            type="button"
            className="gm-chip"
            aria-expanded={!!p.moreOpen}
            aria-pressed={!!p.moreCount}
            onClick={p.onMore}
          >
            {t('browse.moreFilters')}
            {p.moreCount ? ` (${p.moreCount})` : ''}
          </button>
        )}
        {p.categories.map((c) => (
          <button
            key={c}
            type="button"
            className="gm-chip gm-chip-cat"
            style={{ ['--chip' as string]: CATEGORY_STYLE[c].color }}
            aria-pressed={p.selected.includes(c)}
            onClick={() => p.onToggleCategory(c)}
          >
            <CategoryIcon category={c} size={14} /> {t(`category.${c}`)}
          </button>
        ))}
        {p.selected.length > 0 && (
          <button type="button" className="gm-chip gm-chip-clear" onClick={p.onClearCategories}>
            {t('browse.clearCategories')}
          </button>
        )}
      </div>
      {p.more}
    </div>
  );
}
