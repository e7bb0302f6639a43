// The hotel's partner businesses (recommendations marked as partners): vouchers, PINs and
// transactions all name one of them.
import { useEffect, useState } from 'react';
import type { Json } from '@guestmap/shared-ui/database';
import { useDb } from '../../../lib/use-db.ts';
import { listPartners } from '../api/list-partners.ts';

export interface Partner {
  id: string;
  title: Json;
}

export function usePartners(customerId: string): Partner[] {
  const db = useDb();
  const [partners, setPartners] = useState<Partner[]>([]);
  useEffect(() => {
    void listPartners(db, customerId).then(({ data }) => setPartners(data ?? []));
  }, [db, customerId]);
  return partners;
}
