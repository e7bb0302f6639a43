// Finding the new map's position: typed coordinates, or the curated places searched as the user types
// (debounced; Enter searches at once). The places are read once, on the first search.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { isNetworkError } from '../../../lib/utils/errors.ts';
import { parseCoordinates } from '../utils/slug.ts';
import { loadPlaces, type Place } from '../api/load-places.ts';
import { searchPlaces } from '../utils/place-search.ts';
import type { Point as Position } from '@guestmap/shared-ui/map-picker';

export interface PlaceResult {
  key: string;
  label: string;
  detail: string;
  position: Position;
  zoom: number;
}

/** `zoom`: the zoom typed coordinates keep; `onError`: a catalogue key for the form's error. */
export function usePlaceSearch(zoom: number, onError: (key: string) => void) {
  const { t } = useTranslation('account');
  const { locale } = usePlatform();
  const supabase = useSupabase();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<PlaceResult[] | null>(null);
  const places = useRef<Promise<Place[]> | null>(null);

  const doSearch = async (q: string) => {
    const coords = parseCoordinates(q);
    if (coords) {
      setResults([
        {
          key: 'coords',
          label: t('customer.searchCoordinates', { latitude: coords.latitude, longitude: coords.longitude }),
          detail: '',
          position: coords,
          zoom,
        },
      ]);
      return;
    }
    if (!q.trim()) {
      setResults(null);
      return;
    }
    places.current ??= loadPlaces(supabase, locale).catch((e) => {
      places.current = null;
      throw e;
    });
    try {
      const found = searchPlaces(await places.current, q);
      setResults(
        found.map((p) => ({
          key: p.key,
          label: p.label,
          detail: p.detail,
          position: { latitude: p.latitude, longitude: p.longitude },
          zoom: p.zoom,
        })),
      );
    } catch (e) {
      setResults([]);
      onError(isNetworkError(e) ? 'customer.errors.network' : 'customer.errors.unknown');
    }
  };

  // Search as you type (debounced); Enter searches at once.
  // doSearch reads the latest state when the timer fires; only a change of the query restarts it.
  const searchSoon = useEffectEvent((q: string) => void doSearch(q));
  useEffect(() => {
    if (!query.trim()) {
      setResults(null);
      return;
    }
    const timer = setTimeout(() => searchSoon(query), 250);
    return () => clearTimeout(timer);
  }, [query]);

  return { query, setQuery, results, setResults, search: doSearch };
}

export type PlaceSearch = ReturnType<typeof usePlaceSearch>;
