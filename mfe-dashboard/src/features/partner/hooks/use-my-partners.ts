// The partners the account is staff of, and the currencies' minor units. A read that got no answer (or a
// server fault) keeps `partners` null and is read again on the page's retry schedule (the shell says it is
// still trying): never "no partner" for a network fault (issue 32).
import { useMemo } from 'react';
import { readState } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { unitsOf, useCurrencies } from '../../../lib/currencies.ts';
import { partnerApi } from './partner-data.ts';

export function useMyPartners() {
  const r = partnerApi.useDashboardMyPartnersQuery();
  const { error, waiting } = readState(r);
  const currencies = useCurrencies();
  const units = useMemo(() => unitsOf(currencies ?? []), [currencies]);
  const refused = error && !waiting ? errorKey(error) : null;
  return { partners: r.data ?? (refused ? [] : null), loadError: refused, units };
}
