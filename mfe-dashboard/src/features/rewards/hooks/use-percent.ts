// A percentage (0–100) in the user's locale, up to one decimal ("12.5%", "12,5 %").
import { useCallback } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';

export function usePercent() {
  const { locale } = usePlatform();
  return useCallback(
    (v: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(v / 100),
    [locale],
  );
}
