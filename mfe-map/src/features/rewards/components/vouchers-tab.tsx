// The guest's vouchers at this hotel: code, partner, discount, expiry, status, and the QR code the
// partner scans (it opens the redemption form with the code filled in).
import { lazy, Suspense, useState } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, type Locale } from '@guestmap/shared-ui/contracts';
import { Spinner } from '@guestmap/shared-ui/components';
import type { Voucher } from '../api/wallet.ts';
import { REDEEM_QUERY } from '../utils/voucher-code.ts';
import { useShare } from '../../../lib/share/use-share.tsx';
import { LazyPriceLines } from '../../../lib/components/lazy-price-lines.tsx';

const QrSvg = lazy(() => import('../../../lib/components/qr-svg.tsx'));

export function voucherStatus(
  v: Pick<Voucher, 'redeemed_at' | 'expires_at'>,
  now = Date.now(),
): 'used' | 'expired' | 'valid' {
  if (v.redeemed_at) return 'used';
  return Date.parse(v.expires_at) <= now ? 'expired' : 'valid';
}

function VoucherCard({
  v,
  customerId,
  hotelName,
  locale,
}: {
  v: Voucher;
  customerId: string;
  hotelName: string;
  locale: Locale;
}) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const { hrefFor } = usePlatform();
  const [qr, setQr] = useState(false);
  const status = voucherStatus(v);
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const partner = v.activities ? pickText(v.activities.title, locale) : '';
  const discount = v.discount_text
    ? pickText(v.discount_text, locale)
    : v.discount_pct
      ? t('vouchers.pct', { pct: v.discount_pct })
      : '';
  const url = new URL(hrefFor('Customer', { customerId }, { [REDEEM_QUERY]: v.code }), window.location.origin).href;
  // Sharing a win tells what was won and links the hotel's rewards: never the code (the guest's bearer secret).
  const { share, menu } = useShare(customerId);
  const prize = [discount, partner].filter(Boolean).join(' · ');
  return (
    <li className={`gm-voucher is-${status}`}>
      <p className="gm-voucher-discount">{discount}</p>
      {partner && <p className="gm-voucher-partner">{t('vouchers.at', { partner })}</p>}
      {v.value_min_vnd != null && v.value_max_vnd != null && (
        <LazyPriceLines
          kind="value"
          price={{ min: v.value_min_vnd, max: v.value_max_vnd }}
          locale={locale}
          now={new Date()}
        />
      )}
      <p>
        {t('vouchers.code')} <strong className="gm-code">{v.code}</strong>
      </p>
      <p className={`gm-voucher-status is-${status}`}>
        {status === 'used'
          ? t('vouchers.used', { date: date.format(new Date(v.redeemed_at!)) })
          : status === 'expired'
            ? t('vouchers.expired', { date: date.format(new Date(v.expires_at)) })
            : t('vouchers.validUntil', { date: date.format(new Date(v.expires_at)) })}
      </p>
      <button
        type="button"
        className="gm-btn-ghost"
        onClick={() =>
          void share({
            path: hrefFor('Map', { customerId }, { rewards: '1' }),
            title: hotelName,
            text: t('vouchers.shareText', { prize, hotel: hotelName }),
          })
        }
      >
        {t('vouchers.share')}
      </button>
      {menu}
      {status === 'valid' && (
        <>
          <button type="button" className="gm-btn-ghost" aria-expanded={qr} onClick={() => setQr((o) => !o)}>
            {qr ? t('vouchers.hideQr') : t('vouchers.showQr')}
          </button>
          {qr && (
            <div className="gm-voucher-qr-box">
              <Suspense fallback={<Spinner label={t('loading')} />}>
                <QrSvg className="gm-voucher-qr" value={url} label={t('vouchers.qrLabel', { code: v.code })} />
              </Suspense>
              <p className="gm-muted gm-small">{t('vouchers.qrHint')}</p>
            </div>
          )}
        </>
      )}
    </li>
  );
}

export function VouchersTab({
  vouchers,
  customerId,
  hotelName,
  locale,
}: {
  vouchers: Voucher[];
  customerId: string;
  hotelName: string;
  locale: Locale;
}) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  if (vouchers.length === 0) return <p className="gm-muted">{t('vouchers.empty')}</p>;
  return (
    <ul className="gm-vouchers" aria-label={t('tabs.vouchers')}>
      {vouchers.map((v) => (
        <VoucherCard key={v.id} v={v} customerId={customerId} hotelName={hotelName} locale={locale} />
      ))}
    </ul>
  );
}
