// The list's search box and filters (category, published or draft, missing translation) and the rows they keep.
import { useMemo, useState } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { lacking, textIn } from '../../../lib/translations.ts';
import type { Activity } from '../api/list-activities.ts';
import { keepRow, type MissingFilter } from '../components/translation-status.tsx';
import { fold } from '../utils/text.ts';

export type StatusFilter = 'all' | 'published' | 'draft';

export function useRecommendationFilters(rows: Activity[]) {
  const { locale } = usePlatform();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [missing, setMissing] = useState<MissingFilter>('');
  const visible = useMemo(
    () =>
      rows.filter(
        (r) =>
          (!category || r.category === category) &&
          (status === 'all' || (status === 'published') === r.published) &&
          keepRow(missing, lacking(r)) &&
          (!query ||
            fold(
              `${pickText(r.title, locale)} ${textIn(r.title, 'en')} ${r.address ?? ''} ${r.tags.join(' ')}`,
            ).includes(fold(query))),
      ),
    [rows, category, status, missing, query, locale],
  );
  return {
    visible,
    filters: { query, setQuery, category, setCategory, status, setStatus, missing, setMissing },
  };
}

export type RecommendationFilters = ReturnType<typeof useRecommendationFilters>['filters'];
