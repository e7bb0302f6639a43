// The rewards panel of a hotel map (loaded on demand): the hotel's games, the guest's points and
// history, and their vouchers. A modal dialog: full screen on phones, a card on larger screens.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { keepFocusInside } from '@guestmap/shared-ui/components';
import type { Customer } from '../../../lib/utils/types.ts';
import type { Campaign } from '../api/campaigns.ts';
import { useHotelTimeZone, useWallet } from '../hooks/rewards-data.ts';
import { DEFAULT_TIME_ZONE } from '../utils/hotel-day.ts';
import { useRewardsCatalogue } from '../locales/catalogue.ts';
import { ScratchCard } from './scratch-card.tsx';
import { FortuneWheel } from './fortune-wheel.tsx';
import { PointsTab } from './points-tab.tsx';
import { VouchersTab } from './vouchers-tab.tsx';
import { voucherStatus } from './vouchers-tab.tsx';
import '../rewards.css';

type Tab = 'play' | 'points' | 'vouchers';
const TABS: Tab[] = ['play', 'points', 'vouchers'];

interface Props {
  customer: Customer;
  campaigns: Campaign[];
  onClose: () => void;
}

/** Renders once the rewards texts of the page's language are there (they download with the first opening). */
export default function RewardsPanel(props: Props) {
  return useRewardsCatalogue() ? <RewardsPanelTexts {...props} /> : null;
}

function RewardsPanelTexts({ customer, campaigns, onClose }: Props) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const { user, locale, requestSignIn } = usePlatform();
  const supabase = useSupabase();
  const [tab, setTab] = useState<Tab>('play');
  const [userId, setUserId] = useState<string | null>(user?.id ?? null);
  const timeZone = useHotelTimeZone(customer.id);
  const wallet = useWallet(userId, customer.id, timeZone);
  const dialog = useRef<HTMLElement>(null);
  const uid = useId();
  const tabId = (x: Tab) => `${uid}-tab-${x}`;

  // The platform's user arrives a moment after an anonymous sign-in; a play knows it at once.
  useEffect(() => {
    if (user?.id) setUserId(user.id);
  }, [user?.id]);
  const reload = wallet.reload;
  const onPlayed = useCallback(() => {
    void supabase.auth.getSession().then(({ data }) => {
      if (data.session) setUserId(data.session.user.id);
      reload();
    });
  }, [supabase, reload]);

  useEffect(() => {
    document.getElementById(`${uid}-title`)?.focus({ preventScroll: true });
  }, [uid]);

  // Escape closes, also when focus fell to the page (a button that disappeared); not when another
  // dialog on top (the auth dialog) has focus.
  useEffect(() => {
    const onEscape = (e: globalThis.KeyboardEvent) => {
      const target = e.target as Node | null;
      if (e.key !== 'Escape' || (target !== document.body && !dialog.current?.parentElement?.contains(target))) return;
      e.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [onClose]);
  const onKeyDown = (e: KeyboardEvent) => keepFocusInside(e, dialog.current);
  const onTabKey = (e: KeyboardEvent, i: number) => {
    const next =
      e.key === 'ArrowRight'
        ? i + 1
        : e.key === 'ArrowLeft'
          ? i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const to = TABS[(next + TABS.length) % TABS.length]!;
    setTab(to);
    document.getElementById(tabId(to))?.focus();
  };

  const w = wallet.wallet;
  const validVouchers = w.vouchers.filter((v) => voucherStatus(v) === 'valid').length;
  const anonymous = !!userId && (!user || user.isAnonymous);
  const tabLabel = (x: Tab) => (x === 'play' ? t('tabs.play') : x === 'points' ? t('tabs.points') : t('tabs.vouchers'));
  const tabBadge = (x: Tab) => (x === 'points' ? w.balance : x === 'vouchers' ? validVouchers : null);

  const brand = customer.primary_color ? { ['--gm-brand' as string]: customer.primary_color } : undefined;
  // In a portal: the map screen is its own stacking context, under the shell's floating bar.
  return createPortal(
    <div className="gm-rewards-layer" style={brand} onKeyDown={onKeyDown}>
      <div className="gm-rewards-scrim" onClick={onClose} aria-hidden="true" />
      <section
        ref={dialog}
        className="gm-rewards-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${uid}-title`}
      >
        <header className="gm-rewards-head">
          <div>
            <h2 id={`${uid}-title`} tabIndex={-1}>
              {t('title')}
            </h2>
            <p className="gm-muted gm-small">{customer.name}</p>
          </div>
          <button type="button" className="gm-icon-btn" onClick={onClose} aria-label={t('close')}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="gm-rewards-tabs" role="tablist" aria-label={t('title')}>
          {TABS.map((x, i) => (
            <button
              key={x}
              id={tabId(x)}
              type="button"
              role="tab"
              aria-selected={tab === x}
              aria-controls={`${uid}-panel-${x}`}
              tabIndex={tab === x ? 0 : -1}
              onClick={() => setTab(x)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {tabLabel(x)}
              {tabBadge(x) ? <span className="gm-rewards-badge"> {tabBadge(x)}</span> : null}
            </button>
          ))}
        </div>
        {wallet.status === 'error' && (
          <p className="gm-rewards-error" role="alert">
            {t('loadFailed')}{' '}
            <button type="button" className="gm-link-btn" onClick={wallet.reload}>
              {t('play.retry')}
            </button>
          </p>
        )}
        {TABS.map((x) => (
          // Every panel stays mounted, so a card being scratched survives a look at the points.
          <div
            key={x}
            id={`${uid}-panel-${x}`}
            className="gm-rewards-body"
            role="tabpanel"
            aria-labelledby={tabId(x)}
            hidden={tab !== x}
          >
            {x === 'play' &&
              campaigns.map((c) =>
                c.kind === 'scratch_card' ? (
                  <ScratchCard
                    key={c.id}
                    campaign={c}
                    playsToday={w.playsToday[c.id] ?? 0}
                    timeZone={timeZone ?? DEFAULT_TIME_ZONE}
                    locale={locale}
                    onPlayed={onPlayed}
                    onVouchers={() => setTab('vouchers')}
                  />
                ) : (
                  <FortuneWheel
                    key={c.id}
                    campaign={c}
                    playsToday={w.playsToday[c.id] ?? 0}
                    timeZone={timeZone ?? DEFAULT_TIME_ZONE}
                    locale={locale}
                    onPlayed={onPlayed}
                    onVouchers={() => setTab('vouchers')}
                  />
                ),
              )}
            {x === 'points' &&
              (wallet.status === 'none' ? (
                <p className="gm-muted">{t('points.none')}</p>
              ) : (
                <PointsTab wallet={w} locale={locale} />
              ))}
            {x === 'vouchers' && (
              <VouchersTab vouchers={w.vouchers} customerId={customer.id} hotelName={customer.name} locale={locale} />
            )}
          </div>
        ))}
        <footer className="gm-rewards-foot">
          {!userId && <p className="gm-muted gm-small">{t('noAccount')}</p>}
          {anonymous && (
            <p className="gm-rewards-keep">
              {t('keep.text')}{' '}
              <button type="button" className="gm-link-btn" onClick={() => requestSignIn()}>
                {t('keep.cta')}
              </button>
            </p>
          )}
        </footer>
      </section>
    </div>,
    document.body,
  );
}
