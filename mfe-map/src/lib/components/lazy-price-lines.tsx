// The price block (lib/components/price-lines.tsx) loaded when shown: its code, texts and the rates' read come when
// a place with a price or a voucher with a value is opened, never with the map (docs/prices.md). Offline before that
// chunk was ever kept, the amount still shows, in đồng alone (React keeps a failed lazy import failed: without this
// the panel or the voucher would fail whole).
import { lazy, Suspense } from 'react';
import type { PriceLinesProps } from './price-lines.tsx';

const PriceLines = lazy(() =>
  import('./price-lines.tsx').catch(() => ({
    default: ({ price, locale }: PriceLinesProps) => {
      const f = new Intl.NumberFormat(locale, { style: 'currency', currency: 'VND' });
      return (
        <p className="gm-price-vnd">
          {price.min === price.max ? f.format(price.min) : f.formatRange(price.min, price.max)}
        </p>
      );
    },
  })),
);

export function LazyPriceLines(props: PriceLinesProps) {
  return (
    <Suspense fallback={null}>
      <PriceLines {...props} />
    </Suspense>
  );
}
