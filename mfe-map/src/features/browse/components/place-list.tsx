// The list of places matching the filters: a real list of links to the Activity route, synced with
// the map (same filters, same selection). Long lists render in pages of 100 rows to stay fast (10,000
// places: the first hundred, "Show more" adds a hundred), each row memoised.
import { memo, useMemo, useState } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { Activity } from '../../../lib/utils/types.ts';
import { categoryStyle } from '../../../lib/utils/categories.ts';
import { formatDistance } from '../../../lib/utils/distance.ts';
import { OpenBadge, badgeCache } from '../../../lib/components/open-badge.tsx';
import { labelCache } from '../../../lib/utils/label-cache.ts';
import type { OpenStatus } from '../../../lib/utils/opening-hours.ts';
import { CategoryIcon } from '../../../lib/components/category-icon.tsx';

export interface ListEntry {
  activity: Activity;
  distance: number | null;
}

const PAGE = 100;

interface Props {
  entries: ListEntry[];
  /** A place's opening status now (computed for the rows shown; a new function when the minute changes). */
  statusOf: (a: Activity) => OpenStatus;
  locale: Locale;
  selectedId: string | null;
  hrefFor: (a: Activity) => string;
  onSelect: (a: Activity) => void;
}

type Translate = ReturnType<typeof useTranslation<'map'>>['t'];

interface RowProps {
  activity: Activity;
  distance: number | null;
  selected: boolean;
  statusOf: (a: Activity) => OpenStatus;
  locale: Locale;
  hrefFor: (a: Activity) => string;
  onSelect: (a: Activity) => void;
  labels: ReturnType<typeof rowLabels>;
}

/** A hundred rows share a handful of category names and badge texts: one lookup each. */
function rowLabels(t: Translate) {
  return {
    category: labelCache((c: string) => t(`category.${c}`)),
    badge: badgeCache(t),
    offer: t('activity.offerBadge'),
  };
}

/** One row, memoised: a big map's next page of places (or a count that changes) renders no row again whose
 * place, distance, selection and opening status stay the same. */
const PlaceRow = memo(function PlaceRow({
  activity: a,
  distance,
  selected,
  statusOf,
  locale,
  hrefFor,
  onSelect,
  labels,
}: RowProps) {
  const style = categoryStyle(a.category);
  const status = statusOf(a);
  return (
    <li>
      <a
        href={hrefFor(a)}
        className="gm-list-item"
        aria-current={selected ? 'true' : undefined}
        onClick={(e) => {
          if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
          e.preventDefault();
          onSelect(a);
        }}
      >
        <span className="gm-list-dot" style={{ background: style.color }} aria-hidden="true">
          <CategoryIcon category={a.category} size={16} />
        </span>
        <span className="gm-list-main">
          <span className="gm-list-title">{pickText(a.title, locale)}</span>
          <span className="gm-list-meta">
            {labels.category(a.category)}
            {a.is_partner && <span className="gm-tag-offer"> · {labels.offer}</span>}
            {distance !== null && <> · {formatDistance(distance, locale)}</>}
          </span>
        </span>
        <OpenBadge status={status} badge={labels.badge(status)} compact />
      </a>
    </li>
  );
});

/** Memoised: the map screen renders again when the map moves, the list need not. */
export const PlaceList = memo(function PlaceList({ entries, statusOf, locale, selectedId, hrefFor, onSelect }: Props) {
  const { t } = useTranslation('map');
  const [shown, setShown] = useState(PAGE);
  const labels = useMemo(() => rowLabels(t), [t]);
  if (entries.length === 0) return <p className="gm-empty">{t('browse.noResults')}</p>;
  return (
    <>
      <ul className="gm-list" aria-label={t('browse.listLabel')}>
        {entries.slice(0, shown).map(({ activity: a, distance }) => (
          <PlaceRow
            key={a.id}
            activity={a}
            distance={distance}
            selected={a.id === selectedId}
            statusOf={statusOf}
            locale={locale}
            hrefFor={hrefFor}
            onSelect={onSelect}
            labels={labels}
          />
        ))}
      </ul>
      {entries.length > shown && (
        <button type="button" className="gm-btn-ghost gm-more" onClick={() => setShown((n) => n + PAGE)}>
          {t('browse.showMore', { shown, total: entries.length })}
        </button>
      )}
    </>
  );
});
