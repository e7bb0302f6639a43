// The names in every language for search (lib/api/get-place-names.ts), wanted once the guest types a query. The
// map's first screen carries neither the read nor the data layer: the reader (place-names-data.ts) downloads
// when first wanted, and the screen renders the element this hook answers (it shows nothing).
import { createElement, useCallback, useState, type ReactNode } from 'react';
import type { PlaceNames } from '../api/get-place-names.ts';
import { useLazyModule } from './use-lazy-module.ts';

const loadReader = () => import('./place-names-data.ts');

/** The names once read for this customer (null before, while read, and when they cannot be), and the reader. */
export function usePlaceNames(
  customerId: string | undefined,
  wanted: boolean,
): { names: PlaceNames | null; reader: ReactNode } {
  const [got, setGot] = useState<{ id: string; names: PlaceNames } | null>(null);
  const have = !!customerId && got?.id === customerId;
  const mod = useLazyModule(loadReader, wanted && !!customerId && !have);
  const onNames = useCallback((names: PlaceNames) => customerId && setGot({ id: customerId, names }), [customerId]);
  const reader =
    mod && customerId && wanted && !have ? createElement(mod.PlaceNamesReader, { customerId, onNames }) : null;
  return { names: have ? got.names : null, reader };
}
