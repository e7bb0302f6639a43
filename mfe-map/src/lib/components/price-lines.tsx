// A place's price (docs/prices.md): always in đồng, and beneath it, when the guest's language or choice points to
// another currency and the bank's rate is at most MAX_RATE_AGE_DAYS old, "≈ US$2.9 · estimate at the Vietcombank
// rate of Dec 3, 2026". Loaded lazily by the place panel, only for a place with a price, with its texts and the
// rates' read: a guest who opens none downloads nothing of it.
import { useState } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { useRates } from '../hooks/rates-data.ts';
import { usePricesCatalogue } from '../locales/prices/catalogue.ts';
import {
  convertPrice,
  estimateCurrency,
  formatEstimate,
  formatRateDate,
  formatVnd,
  isRateFresh,
  type VndPrice,
} from '../utils/prices.ts';

const CHOICE_KEY = 'gm.estimate-currency';

function readChoice(): string | null {
  try {
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'currency' }).of(code) ?? code;
  } catch {
    return code;
  }
}

export interface PriceLinesProps {
  price: VndPrice;
  locale: string;
  now: Date;
  /** 'value': what a voucher is worth ("Worth ₫65,000"), without the currency chooser (docs/prices.md, "Vouchers"). */
  kind?: 'price' | 'value';
}

export default function PriceLines({ price, locale, now, kind = 'price' }: PriceLinesProps) {
  const { t } = useTranslation('map');
  const ready = usePricesCatalogue();
  const rates = useRates();
  const [chosen, setChosen] = useState(readChoice);
  // Shown once the rates have answered (or could not): an estimate appearing later would move what is
  // below the price (the place's actions) under the guest's pointer.
  if (!ready || rates === null) return null;
  // The currencies with a fresh rate, by their names in the guest's language.
  const fresh = rates
    .filter((r) => isRateFresh(r.as_of, now))
    .map((r) => ({ ...r, name: currencyName(r.currency, locale) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const currency = estimateCurrency(locale, chosen);
  const rate = currency ? fresh.find((r) => r.currency === currency) : undefined;
  const free = price.max === 0;
  const value = kind === 'value';
  const amount = free ? t('prices.free') : formatVnd(price, locale);
  const choose = (value: string) => {
    setChosen(value);
    try {
      localStorage.setItem(CHOICE_KEY, value);
    } catch {
      // private mode: the choice lasts for the page
    }
  };
  return (
    <section className="gm-prices" aria-label={t(value ? 'prices.valueTitle' : 'prices.title')}>
      <p className="gm-price-vnd">
        <strong>{value ? t('prices.worth', { amount }) : amount}</strong>
      </p>
      {rate && !free && (
        <p className="gm-price-estimate">
          {`≈ ${formatEstimate(convertPrice(price, rate.vnd_per_unit), rate.currency, locale)}`}{' '}
          <span className="gm-muted gm-small">
            ({t('prices.note', { source: rate.source, date: formatRateDate(rate.as_of, locale) })})
          </span>
        </p>
      )}
      {fresh.length > 0 && !free && !value && (
        <label className="gm-small gm-muted">
          {t('prices.showIn')}{' '}
          <select value={currency ?? ''} onChange={(e) => choose(e.target.value)} style={{ minHeight: 44 }}>
            <option value="">{t('prices.none')}</option>
            {fresh.map((r) => (
              <option key={r.currency} value={r.currency}>
                {r.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </section>
  );
}
