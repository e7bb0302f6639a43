// Amounts in the user's locale with each currency's minor units from the `currencies` table.
import { useCallback } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { formatMoney } from '../../../lib/money.ts';

export type Money = (minor: number, currency: string) => string;

export function useMoney(units: Map<string, number>): Money {
  const { locale } = usePlatform();
  return useCallback((minor: number, currency: string) => formatMoney(minor, currency, locale, units), [locale, units]);
}
