// The three packages (Basic up to 20 recommendations, Professional up to 50, Premium unlimited).
// Prices are not published: each card asks to contact us, and every hotel starts with a free pilot.
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { ContactTopic } from '../../../lib/utils/contact-topic.ts';
import { PACKAGES } from '../../../lib/utils/packages.ts';

export function Packages({ onContact }: { onContact: (topic: ContactTopic) => void }) {
  const { t } = useTranslation('marketing');
  return (
    <div className="gmk-grid gmk-grid-3">
      {PACKAGES.map((p) => {
        const features = t(`pricing.packages.${p.id}.features`, { returnObjects: true }) as unknown;
        return (
          <article
            key={p.id}
            className={`gmk-card gmk-package${p.id === 'professional' ? ' gmk-package-featured' : ''}`}
            aria-labelledby={`gmk-pkg-${p.id}`}
          >
            {p.id === 'professional' && <span className="gmk-badge">{t('pricing.popular')}</span>}
            <h3 id={`gmk-pkg-${p.id}`} style={{ margin: 0 }}>
              {t(`pricing.packages.${p.id}.name`)}
            </h3>
            <p style={{ margin: 0, fontWeight: 700 }}>
              {p.limit === null ? t('pricing.unlimited') : t('pricing.upTo', { n: p.limit })}
            </p>
            <p className="gmk-muted" style={{ margin: 0 }}>
              {t(`pricing.packages.${p.id}.description`)}
            </p>
            <ul>
              {(Array.isArray(features) ? (features as string[]) : []).map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            <p className="gmk-price" style={{ margin: 0 }}>
              {t('pricing.price')}
            </p>
            <button
              type="button"
              className={`gmk-btn${p.id === 'professional' ? ' gmk-btn-primary' : ''}`}
              onClick={() => onContact(p.id)}
            >
              {t('pricing.contactUs')}
            </button>
          </article>
        );
      })}
    </div>
  );
}
