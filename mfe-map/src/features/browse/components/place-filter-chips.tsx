// The traveller filters' chips (docs/filters.md), downloaded when "More filters" is first opened or an address
// carries a filter. Open: every filter some place on this map passes (and those chosen); closed: only the chosen
// ones, so the guest sees what narrows the list and can switch it off.
import { useEffect, useMemo } from 'react';
import { PLACE_FILTERS } from '@guestmap/shared-ui/place-attributes';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Activity } from '../../../lib/utils/types.ts';
import { useAttributeTexts } from '../../../lib/locales/attributes/catalogue.ts';
import { offeredFilters } from '../utils/place-filters.ts';

export interface PlaceFilterChipsProps {
  open: boolean;
  activities: Activity[];
  chosen: string[];
  now: Date;
  timeZone: string;
  onToggle: (filter: string) => void;
  onClear: () => void;
}

export default function PlaceFilterChips(p: PlaceFilterChipsProps) {
  const { t } = useTranslation('map');
  const ready = useAttributeTexts();
  const minute = Math.floor(p.now.getTime() / 60000);
  const { open, activities, chosen, timeZone, onToggle } = p;
  // A name no filter has (an edited or old link) is dropped, so that the count says what really filters.
  useEffect(() => {
    for (const f of chosen) if (!(PLACE_FILTERS as readonly string[]).includes(f)) onToggle(f);
  }, [chosen, onToggle]);
  const offered = useMemo(
    () => (open ? offeredFilters(activities, chosen, new Date(minute * 60000), timeZone) : []),
    [open, activities, chosen, minute, timeZone],
  );
  if (!ready) return null;
  const shown = open ? offered : offeredFilters([], chosen, new Date(minute * 60000), timeZone);
  if (!shown.length) return null;
  return (
    <div className="gm-chips gm-place-filters" role="group" aria-label={t('attributes.title')}>
      {shown.map((f) => (
        <button
          key={f}
          type="button"
          className="gm-chip"
          aria-pressed={chosen.includes(f)}
          onClick={() => p.onToggle(f)}
        >
          {t(`attributes.filter.${f}`)}
        </button>
      ))}
      {chosen.length > 0 && (
        <button type="button" className="gm-chip gm-chip-clear" onClick={p.onClear}>
          {t('attributes.clear')}
        </button>
      )}
    </div>
  );
}
