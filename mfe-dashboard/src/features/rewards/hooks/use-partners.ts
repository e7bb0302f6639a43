// The hotel's partner businesses (recommendations marked as partners): vouchers, PINs and
// transactions all name one of them.
import { useEffect, useState } from 'react';
import type { Json } from '@guestmap/shared-ui/database';
import { useDb } from '../../../lib/use-db.ts';

export interface Partner {
  id: string;
  title: Json;
}

export function usePartners(customerId: string): Partner[] {
  const db = useDb();
  const [partners, setPartners] = useState<Partner[]>([]);
  useEffect(() => {
    void db
      .from('activities')
      .select('id, title')
      .eq('customer_id', customerId)
      .eq('is_partner', true)
      .order('sort_order')
      .then(({ data }) => setPartners(data ?? []));
  }, [db, customerId]);
  return partners;
}
