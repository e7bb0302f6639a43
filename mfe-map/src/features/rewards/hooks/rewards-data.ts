// The rewards panel's reads (loaded with the panel, never with the map) as endpoints of the page's one cache
// (@guestmap/shared-ui/data, docs/platform.md "The data layer"): the hotel's time zone when the page's customer
// is another, the guest's wallet there, and a wheel's prize labels. A read that got no answer is read again on
// the page's retry schedule; a play reads the wallet again.
import { useCallback } from 'react';
import { useCustomer } from '@guestmap/shared-ui/contracts';
import { dataApi, fromApi, withSupabase } from '@guestmap/shared-ui/data';
import { getTimeZone, isTimeZone } from '../api/time-zone.ts';
import { EMPTY_WALLET, fetchWallet, type Wallet } from '../api/wallet.ts';
import { fetchWheelPrizes, type WheelPrize } from '../api/prizes.ts';
import { DEFAULT_TIME_ZONE } from '../utils/hotel-day.ts';

interface WalletOf {
  userId: string;
  customerId: string;
  timeZone: string;
}

const api = dataApi.injectEndpoints({
  endpoints: (b) => ({
    mapHotelTimeZone: b.query<string, string>({ queryFn: fromApi(withSupabase(getTimeZone)) }),
    mapWallet: b.query<Wallet, WalletOf>({
      queryFn: fromApi(
        withSupabase((sb, { userId, customerId, timeZone }: WalletOf) => fetchWallet(sb, userId, customerId, timeZone)),
      ),
    }),
    mapWheelPrizes: b.query<WheelPrize[], { campaignId: string; locale: string }>({
      queryFn: fromApi(withSupabase((sb, { campaignId, locale }) => fetchWheelPrizes(sb, campaignId, locale))),
    }),
  }),
});

/** The hotel's time zone; null while it is read (the default if it cannot be). */
export function useHotelTimeZone(customerId: string): string | null {
  const page = useCustomer();
  const own = page.status === 'loaded' && page.data?.id === customerId ? page.data.time_zone : undefined;
  const known = own === undefined ? null : isTimeZone(own) ? own : DEFAULT_TIME_ZONE;
  const r = api.useMapHotelTimeZoneQuery(customerId, { skip: known !== null });
  if (known) return known;
  if (r.currentData !== undefined) return r.currentData;
  return r.isError ? DEFAULT_TIME_ZONE : null;
}

export type WalletState = { status: 'none' | 'loading' | 'error' | 'ready'; wallet: Wallet; reload: () => void };

/** The wallet of `userId` at `customerId`; 'none' while nobody is signed in (no account is made just to look). */
export function useWallet(userId: string | null, customerId: string, timeZone: string | null): WalletState {
  const r = api.useMapWalletQuery(
    { userId: userId ?? '', customerId, timeZone: timeZone ?? '' },
    { skip: !userId || !timeZone },
  );
  const { refetch, isUninitialized } = r;
  const reload = useCallback(() => {
    if (!isUninitialized) void refetch();
  }, [refetch, isUninitialized]);
  if (!userId) return { status: 'none', wallet: EMPTY_WALLET, reload };
  // While read again, what was read before stays shown; a failed read keeps it too.
  const wallet = r.data ?? EMPTY_WALLET;
  if (r.isError) return { status: 'error', wallet, reload };
  return { status: r.data !== undefined ? 'ready' : 'loading', wallet, reload };
}

/** A wheel's prizes: null while read, 'error' when they cannot be. */
export function useWheelPrizes(campaignId: string, locale: string): WheelPrize[] | null | 'error' {
  const r = api.useMapWheelPrizesQuery({ campaignId, locale });
  return r.currentData ?? (r.isError ? 'error' : null);
}
