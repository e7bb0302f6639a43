// The map's header: a hotel's logo, name and welcome text in its colours; a city map plain; the screen's
// actions (the emergency button) at the end of its row.
import { memo, useState, type ReactNode } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { Customer } from '../../../lib/utils/types.ts';
import { safeHttpUrl } from '../../../lib/utils/links.ts';

/** Memoised: the map screen renders again as a big map's pages arrive, the header need not. */
export const BrandHeader = memo(function BrandHeader({
  customer,
  locale,
  customerHref,
  onCustomer,
  actions,
}: {
  customer: Customer;
  locale: Locale;
  customerHref: string;
  onCustomer: () => void;
  /** At the row's end, on every map: the emergency button (composed by the screen). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation('map');
  const [welcomeOpen, setWelcomeOpen] = useState(true);
  const hotel = customer.kind === 'hotel';
  const logo = safeHttpUrl(customer.logo_url);
  const welcome = pickText(customer.welcome, locale);
  return (
    <header className={`gm-brand${hotel ? ' is-hotel' : ''}`}>
      <div className="gm-brand-row">
        {hotel &&
          (logo ? (
            <img className="gm-brand-logo" src={logo} alt="" width={36} height={36} />
          ) : (
            <span className="gm-brand-logo gm-brand-monogram" aria-hidden="true">
              {customer.name.slice(0, 1)}
            </span>
          ))}
        <h1 className="gm-brand-name">
          <a
            href={customerHref}
            onClick={(e) => {
              e.preventDefault();
              onCustomer();
            }}
          >
            {customer.name}
          </a>
          <span className="gm-visually-hidden"> · {t('map.heading')}</span>
        </h1>
        {hotel && welcome && (
          <button
            type="button"
            className="gm-link-btn gm-brand-toggle"
            aria-expanded={welcomeOpen}
            aria-controls="gm-welcome"
            onClick={() => setWelcomeOpen((o) => !o)}
          >
            {welcomeOpen ? t('brand.hideWelcome') : t('brand.showWelcome')}
          </button>
        )}
        {actions}
      </div>
      {hotel && welcome && welcomeOpen && (
        <p id="gm-welcome" className="gm-brand-welcome">
          {welcome}
        </p>
      )}
    </header>
  );
});
