// An example monthly commission statement: one line per partner, computed with the same split as
// the calculator (and the database): commission, hotel 80%, platform 20%, reinvestment, net.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { statementLines, type StatementPartner } from '../utils/revenue.ts';
import { formatMoney, formatPercent } from '../../../lib/utils/format.ts';

export const EXAMPLE_REINVESTMENT_PCT = 10;
export const EXAMPLE_PARTNERS: StatementPartner[] = [
  { partner: 'Secret Garden', spendCents: 1_284_000, commissionRate: 12 },
  { partner: 'Miu Miu Spa', spendCents: 936_000, commissionRate: 15 },
  { partner: 'Vespa Adventures', spendCents: 1_155_000, commissionRate: 20 },
  { partner: 'Pasteur Street Brewing', spendCents: 648_500, commissionRate: 10 },
  { partner: 'Mekong Delta day trip', spendCents: 1_020_000, commissionRate: 15 },
];

export function CommissionStatement() {
  const { t } = useTranslation('marketing');
  const { locale } = usePlatform();
  const { lines, total } = statementLines(EXAMPLE_PARTNERS, EXAMPLE_REINVESTMENT_PCT);
  const m = (cents: number) => formatMoney(cents / 100, locale);
  return (
    <div className="gmk-table-wrap">
      <table className="gmk-table">
        <caption>
          {t('pricing.statement.title')}
          <span className="gmk-hint" style={{ display: 'block', fontWeight: 400 }}>
            {t('pricing.statement.note', { pct: EXAMPLE_REINVESTMENT_PCT })}
          </span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('pricing.statement.partner')}</th>
            <th scope="col">{t('pricing.statement.spend')}</th>
            <th scope="col">{t('pricing.statement.rate')}</th>
            <th scope="col">{t('pricing.statement.commission')}</th>
            <th scope="col">{t('pricing.statement.hotel')}</th>
            <th scope="col">{t('pricing.statement.platform')}</th>
            <th scope="col">{t('pricing.statement.reinvestment')}</th>
            <th scope="col">{t('pricing.statement.net')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.partner}>
              <th scope="row">{l.partner}</th>
              <td>{m(l.spendCents)}</td>
              <td>{formatPercent(l.commissionRate, locale)}</td>
              <td>{m(l.commission)}</td>
              <td>{m(l.hotel)}</td>
              <td>{m(l.platform)}</td>
              <td>{m(l.reinvestment)}</td>
              <td>{m(l.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('pricing.statement.total')}</th>
            <td>{m(total.spendCents)}</td>
            <td />
            <td>{m(total.commission)}</td>
            <td>{m(total.hotel)}</td>
            <td>{m(total.platform)}</td>
            <td>{m(total.reinvestment)}</td>
            <td data-testid="statement-net">{m(total.net)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
