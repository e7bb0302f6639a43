// A hotel's live reward campaigns (scratch card, fortune wheel). Tiny and statically imported: the
// map shows its rewards entry only when there is one. Everything else of rewards loads on demand.
// Titles are read in the guest's language and the fallbacks only (docs/content-languages.md).
import { useEffect, useState } from 'react';
import { contentColumns, contentLanguagesFor, foldContent } from '@guestmap/shared-ui/i18n';
import { failedForConnection, usePlatform, useRetryWhileDown, type Db } from '@guestmap/shared-ui/contracts';
import type { I18nText } from '../../../lib/utils/types.ts';

export interface Campaign {
  id: string;
  kind: 'scratch_card' | 'fortune_wheel';
  title: I18nText | null;
  daily_limit: number;
  starts_at: string | null;
  ends_at: string | null;
}

const COLUMNS = 'id, kind, daily_limit, starts_at, ends_at, active, created_at';
const TEXTS = ['title'];
/** Per hotel and guest language. */
const cache = new Map<string, Promise<Campaign[]>>();

type Row = Campaign & { active: boolean; created_at: string };

export function isLive(c: Pick<Row, 'active' | 'starts_at' | 'ends_at'>, now = Date.now()): boolean {
  return c.active && (!c.starts_at || Date.parse(c.starts_at) <= now) && (!c.ends_at || now < Date.parse(c.ends_at));
}

export function loadCampaigns(db: Db, customerId: string, locale: string): Promise<Campaign[]> {
  const languages = contentLanguagesFor(locale);
  const key = `${customerId}\n${languages.join(',')}`;
  let p = cache.get(key);
  if (!p) {
    p = Promise.resolve(
      db
        .from('reward_campaigns')
        .select(`${COLUMNS}, ${contentColumns(TEXTS, languages)}`)
        .eq('customer_id', customerId)
        .eq('active', true)
        .order('kind')
        .order('created_at'),
    ).then(({ data, error }) => {
      if (error) throw error;
      return ((data ?? []) as unknown as Record<string, unknown>[])
        .map((r) => foldContent<Row>(r, TEXTS, languages))
        .filter((c) => isLive(c));
    });
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** Live campaigns of a hotel; [] for cities, while loading and when the read fails (no entry then). */
export function useCampaigns(db: Db, customerId: string | null): Campaign[] {
  const { locale } = usePlatform();
  const [state, setState] = useState<{ id: string; list: Campaign[] } | null>(null);
  // A read that got no answer is read again on the page's retry schedule (docs/reliability.md): the
  // rewards entry appears once the API answers, without a reload.
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(false);
  useRetryWhileDown(waiting, () => {
    setWaiting(false);
    setAttempt((n) => n + 1);
  });
  useEffect(() => {
    if (!customerId) return;
    let live = true;
    loadCampaigns(db, customerId, locale).then(
      (list) => live && setState({ id: customerId, list }),
      (e) => {
        if (!live) return;
        setState({ id: customerId, list: [] });
        if (failedForConnection(e)) setWaiting(true);
      },
    );
    return () => {
      live = false;
    };
  }, [db, customerId, locale, attempt]);
  return customerId && state?.id === customerId ? state.list : [];
}
