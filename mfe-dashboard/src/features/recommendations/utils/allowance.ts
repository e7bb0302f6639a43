// How many recommendations a hotel may publish: its package's allowance (cities and premium: no limit). The
// database enforces the same numbers (`package_limit`); the screen only shows them.
import type { Tables } from '@guestmap/shared-ui/database';

const LIMITS: Record<string, number | null> = { basic: 20, professional: 50, premium: null };

export function allowance(
  customer: Pick<Tables<'customers'>, 'kind' | 'package'> | null,
  published: number,
): { used: number; limit: number | null } {
  const limit = customer && customer.kind === 'hotel' && customer.package ? (LIMITS[customer.package] ?? null) : null;
  return { used: published, limit };
}
