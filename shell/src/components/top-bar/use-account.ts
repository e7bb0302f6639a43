import { usePlatform } from '@guestmap/shared-ui/contracts';
import { useAppSelector } from '../../app/hooks.ts';
import type { CustomerSummary } from '../../app/store.ts';

export interface AccountItems {
  name: string;
  email: string | null;
  picture: string | null;
  myCustomers: CustomerSummary[];
  moderated: CustomerSummary[];
  partnerStaff: boolean;
}

/** The signed-in account's menu items; null for a visitor (and an anonymous guest). */
export function useAccount(): AccountItems | null {
  const { user, profile } = usePlatform();
  const myCustomers = useAppSelector((s) => s.auth.myCustomers);
  const moderated = useAppSelector((s) => s.auth.moderated);
  const partnerStaff = useAppSelector((s) => s.auth.partnerStaff);
  // An anonymous guest (rewards without signing up) is not really signed in: they get "Sign in".
  if (!user || user.isAnonymous) return null;
  return {
    name: profile?.displayName || user.email || '',
    email: user.email,
    picture: profile?.profilePictureUrl ?? null,
    myCustomers,
    moderated,
    partnerStaff,
  };
}
