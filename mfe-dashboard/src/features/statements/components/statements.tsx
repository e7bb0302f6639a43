// Monthly commission statement: pick a month; totals of CONFIRMED spend, one line per partner and currency;
// pending and disputed items listed apart (not in any total); "Close month" once the month has ended in
// the hotel's time zone; a closed month's settlement: per partner invoices, the hotel's payout, "Mark
// paid" for administrators. CSV and a printable page for each document (statement, invoices, payout):
// the chosen document is rendered straight under <body>, the only thing print CSS keeps (the shell's
// header, the tabs and the buttons are not printed, whatever the shell's layout).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import QRCode from 'qrcode';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Tables } from '@guestmap/shared-ui/database';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { useCustomerId, useDb, errorKey } from '../../../lib/use-db.ts';
import { rpc } from '../../../lib/rpc.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { PrintCopy, printSoon } from '../../../lib/print.tsx';
import { formatMoney } from '../../../lib/money.ts';
import {
  AMOUNTS,
  isMonth,
  recentMonths,
  statementCsv,
  totals,
  type Amount,
  type StatementLine,
} from '../utils/statement.ts';
import {
  invoicesCsv,
  monthHasEnded,
  normaliseSettlement,
  payoutCsv,
  type Invoice,
  type Payout,
  type Settlement,
  type StatementItem,
} from '../utils/settlement.ts';

type Customer = Tables<'customers'>;
type Doc = 'statement' | 'invoices' | 'payout';

const STATUS_COLOUR: Record<string, string> = {
  confirmed: 'green',
  pending: 'gold',
  disputed: 'red',
  open: 'gold',
  paid: 'green',
};

interface TableProps {
  lines: StatementLine[] | null;
  labels: Record<Amount, string>;
  money: (v: number, currency: string) => string;
  /** Only the copy on screen carries test ids (the print copy is the same table). */
  testIds: boolean;
}

function StatementTable({ lines, labels, money, testIds }: TableProps) {
  const { t } = useTranslation('dashboard');
  const sums = lines ? totals(lines) : [];
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.activity_id}-${r.currency}`}
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={lines ?? []}
      locale={{ emptyText: t('statements.empty') }}
      columns={[
        { title: t('statements.partner'), dataIndex: 'partner' },
        { title: t('statements.transactions'), dataIndex: 'transactions', align: 'right' },
        ...AMOUNTS.map((a) => ({
          title: labels[a],
          key: a,
          align: 'right' as const,
          render: (_: unknown, r: StatementLine) => money(r[a], r.currency),
        })),
      ]}
      summary={() =>
        sums.map((s) => (
          <Table.Summary.Row key={s.currency} data-testid={testIds ? `statement-total-${s.currency}` : undefined}>
            <Table.Summary.Cell index={0}>
              <strong>{t('statements.total', { currency: s.currency })}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong>{s.transactions}</strong>
            </Table.Summary.Cell>
            {AMOUNTS.map((a, i) => (
              <Table.Summary.Cell key={a} index={i + 2} align="right">
                <strong data-testid={testIds ? `total-${a}` : undefined}>{money(s[a], s.currency)}</strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ))
      }
    />
  );
}

/** The pending and disputed items of the month, outside every total. */
function ApartTable({
  items,
  when,
  money,
  partner,
  testIds,
}: {
  items: StatementItem[];
  when: (ts: string | null) => string;
  money: (v: number, c: string) => string;
  partner: (i: { activity_id: string; activity_title?: unknown }) => string;
  testIds: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Table<StatementItem>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={items}
      locale={{ emptyText: t('settlement.noApart') }}
      onRow={(r) => (testIds ? { 'data-testid': `apart-${r.id}` } : {}) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('ledger.when'), dataIndex: 'created_at', render: when },
        { title: t('statements.partner'), key: 'p', render: (_: unknown, r: StatementItem) => partner(r) },
        {
          title: t('statements.gross'),
          key: 'a',
          align: 'right',
          render: (_: unknown, r: StatementItem) => money(r.amount_minor, r.currency),
        },
        {
          title: t('statements.commission'),
          key: 'c',
          align: 'right',
          render: (_: unknown, r: StatementItem) => money(r.commission_minor, r.currency),
        },
        {
          title: t('settlement.status'),
          key: 's',
          render: (_: unknown, r: StatementItem) => (
            <Tag color={STATUS_COLOUR[r.status]}>{t(`settlement.itemStatus.${r.status}`)}</Tag>
          ),
        },
        { title: t('settlement.reason'), dataIndex: 'dispute_reason', render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}

export function Statements({ customer }: { customer: Customer }) {
  const { t } = useTranslation('dashboard');
  const { locale, toast, profile } = usePlatform();
  const isAdmin = !!profile?.isAdmin;
  const db = useDb();
  const customerId = useCustomerId();
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => recentMonths(24), []);
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : months[0]!;
  const shown = params.get('tab') === 'statements';
  const [lines, setLines] = useState<StatementLine[] | null>(null);
  const [items, setItems] = useState<StatementItem[] | null>(null);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [printing, setPrinting] = useState<Doc>('statement');
  const [qr, setQr] = useState<Record<string, string>>({});
  const timeZone = (customer as Customer & { time_zone?: string }).time_zone ?? 'UTC';

  const load = useCallback(async () => {
    const p_month = `${month}-01`;
    const [st, it, se] = await Promise.all([
      db.rpc('monthly_statement', { p_customer_id: customerId, p_month }),
      rpc<StatementItem[]>(db, 'monthly_statement_items', { p_customer_id: customerId, p_month }),
      rpc<unknown>(db, 'month_settlement', { p_customer_id: customerId, p_month }),
    ]);
    return { st, it, se };
  }, [db, customerId, month]);

  const refresh = useCallback(
    (live: () => boolean = () => true) =>
      load().then(({ st, it, se }) => {
        if (!live()) return;
        const failed = st.error ?? it.error ?? se.error;
        if (failed) setError(errorKey(failed));
        setLines(
          (st.data ?? [])
            .map((r) => ({ ...r, partner: pickText(r.activity_title, locale) || r.activity_id }))
            .sort((a, b) => a.partner.localeCompare(b.partner, locale)),
        );
        setItems(
          (it.data ?? [])
            .filter((i) => i.status !== 'confirmed')
            .map((i) => ({ ...i, amount_minor: Number(i.amount_minor), commission_minor: Number(i.commission_minor) })),
        );
        setSettlement(se.error ? null : normaliseSettlement(se.data));
      }),
    [load, locale],
  );

  useEffect(() => {
    let live = true;
    setLines(null);
    setItems(null);
    setSettlement(null);
    setError(null);
    setPrinting('statement');
    void refresh(() => live);
    return () => {
      live = false;
    };
  }, [refresh]);

  // VietQR payment codes of the invoices (when the platform's bank account is configured), for the printed invoices.
  useEffect(() => {
    const withQr = settlement?.invoices.filter((i) => i.vietqr) ?? [];
    void Promise.all(
      withQr.map(
        async (i) =>
          [i.id, await QRCode.toString(i.vietqr!, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 })] as const,
      ),
    ).then((all) => setQr(Object.fromEntries(all)));
  }, [settlement]);

  const monthLabel = (m: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  const money = (v: number, currency: string) => formatMoney(v, currency, locale);
  const when = (ts: string | null) =>
    ts ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts)) : '';
  const titles = useMemo(() => new Map((lines ?? []).map((l) => [l.activity_id, l.partner])), [lines]);
  const partnerOf = (i: { activity_id: string; activity_title?: unknown }) =>
    (i.activity_title ? pickText(i.activity_title as never, locale) : '') || titles.get(i.activity_id) || i.activity_id;
  const labels: Record<Amount, string> = {
    gross_minor: t('statements.gross'),
    commission_minor: t('statements.commission'),
    hotel_share_minor: t('statements.hotelShare'),
    platform_fee_minor: t('statements.platformFee'),
    reinvestment_minor: t('statements.reinvestment'),
    net_to_hotel_minor: t('statements.net'),
  };

  const csv = (name: string, text: string) =>
    downloadBlob(`${customerId}-${name}-${month}.csv`, new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const exportCsv = () => {
    if (!lines) return;
    csv(
      'statement',
      statementCsv(
        month,
        lines,
        (items ?? []).map((i) => ({ ...i, partner: partnerOf(i) })),
      ),
    );
  };
  const print = (doc: Doc) => {
    setPrinting(doc);
    // After the print copy of that document is rendered.
    printSoon();
  };

  const closeMonth = async () => {
    setBusy('close');
    const { error: e } = await rpc(db, 'close_month', { p_customer_id: customerId, p_month: `${month}-01` });
    setBusy(null);
    setConfirmClose(false);
    if (e) return toast.error(t(errorKey(e)));
    toast.success(t('settlement.closedOk', { month: monthLabel(month) }));
    void refresh();
  };

  const markPaid = async (kind: 'invoice' | 'payout', id: string) => {
    setBusy(id);
    const { error: e } = await rpc(
      db,
      kind === 'invoice' ? 'mark_invoice_paid' : 'mark_payout_paid',
      kind === 'invoice' ? { p_invoice_id: id } : { p_payout_id: id },
    );
    setBusy(null);
    if (e) return toast.error(t(errorKey(e)));
    toast.success(t('settlement.paidOk'));
    void refresh();
  };

  const paidTag = (r: { status: string; paid_at: string | null }) => (
    <span>
      <Tag color={STATUS_COLOUR[r.status]}>{t(`settlement.paidStatus.${r.status}`)}</Tag>
      {r.paid_at && <Typography.Text type="secondary">{when(r.paid_at)}</Typography.Text>}
    </span>
  );

  const invoicesTable = (testIds: boolean) => (
    <Table<Invoice>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={settlement?.invoices ?? []}
      locale={{ emptyText: t('settlement.noInvoices') }}
      onRow={(r) => (testIds ? { 'data-testid': `invoice-${r.id}` } : {}) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('statements.partner'), key: 'p', render: (_: unknown, r: Invoice) => partnerOf(r) },
        {
          title: t('settlement.reference'),
          dataIndex: 'payment_reference',
          render: (v: string) => (
            <Typography.Text code copyable={testIds}>
              {v}
            </Typography.Text>
          ),
        },
        {
          title: t('settlement.owed'),
          key: 'a',
          align: 'right',
          render: (_: unknown, r: Invoice) => (
            <span data-testid={testIds ? `invoice-amount-${r.id}` : undefined}>
              {money(r.commission_minor, r.currency)}
            </span>
          ),
        },
        {
          title: t('settlement.status'),
          key: 's',
          render: (_: unknown, r: Invoice) => (
            <span data-testid={testIds ? `invoice-status-${r.id}` : undefined}>{paidTag(r)}</span>
          ),
        },
        ...(testIds && isAdmin
          ? [
              {
                title: '',
                key: 'pay',
                render: (_: unknown, r: Invoice) =>
                  r.status === 'open' ? (
                    <Button
                      size="small"
                      loading={busy === r.id}
                      onClick={() => void markPaid('invoice', r.id)}
                      aria-label={t('settlement.markInvoicePaid', {
                        partner: partnerOf(r),
                        reference: r.payment_reference,
                      })}
                    >
                      {t('settlement.markPaid')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );

  const payoutTable = (testIds: boolean) => (
    <Table<Payout>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={settlement?.payouts ?? []}
      locale={{ emptyText: t('settlement.noPayouts') }}
      onRow={(r) => (testIds ? { 'data-testid': `payout-${r.currency}` } : {}) as React.HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('ledger.currency'), dataIndex: 'currency' },
        {
          title: t('statements.hotelShare'),
          key: 'h',
          align: 'right',
          render: (_: unknown, r: Payout) => (
            <span data-testid={testIds ? `payout-share-${r.currency}` : undefined}>
              {money(r.hotel_share_minor, r.currency)}
            </span>
          ),
        },
        {
          title: t('statements.reinvestment'),
          key: 'r',
          align: 'right',
          render: (_: unknown, r: Payout) => (
            <span data-testid={testIds ? `payout-reinvestment-${r.currency}` : undefined}>
              {money(r.reinvestment_minor, r.currency)}
            </span>
          ),
        },
        {
          title: t('settlement.payout'),
          key: 'p',
          align: 'right',
          render: (_: unknown, r: Payout) => (
            <strong data-testid={testIds ? `payout-amount-${r.currency}` : undefined}>
              {money(r.payout_minor, r.currency)}
            </strong>
          ),
        },
        {
          title: t('settlement.status'),
          key: 's',
          render: (_: unknown, r: Payout) => (
            <span data-testid={testIds ? `payout-status-${r.currency}` : undefined}>{paidTag(r)}</span>
          ),
        },
        ...(testIds && isAdmin
          ? [
              {
                title: '',
                key: 'pay',
                render: (_: unknown, r: Payout) =>
                  r.status === 'open' ? (
                    <Button
                      size="small"
                      loading={busy === r.id}
                      onClick={() => void markPaid('payout', r.id)}
                      aria-label={t('settlement.markPayoutPaid', { currency: r.currency })}
                    >
                      {t('settlement.markPaid')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );

  const printCopy = () => {
    if (printing === 'invoices')
      return (
        <>
          <Typography.Title level={2}>
            {t('settlement.invoicesHeading', { name: customer.name, month: monthLabel(month) })}
          </Typography.Title>
          {(settlement?.invoices ?? []).map((i) => (
            <div key={i.id} className="gm-print-invoice">
              <Descriptions
                bordered
                size="small"
                column={1}
                title={t('settlement.invoiceOf', { partner: partnerOf(i) })}
              >
                <Descriptions.Item label={t('settlement.owed')}>
                  {money(i.commission_minor, i.currency)}
                </Descriptions.Item>
                <Descriptions.Item label={t('settlement.reference')}>{i.payment_reference}</Descriptions.Item>
                <Descriptions.Item label={t('settlement.status')}>
                  {t(`settlement.paidStatus.${i.status}`)}
                  {i.paid_at ? ` · ${when(i.paid_at)}` : ''}
                </Descriptions.Item>
              </Descriptions>
              {qr[i.id] && (
                <div
                  style={{ width: '40mm', marginTop: 8 }}
                  aria-label={t('settlement.vietqr')}
                  dangerouslySetInnerHTML={{ __html: qr[i.id]! }}
                />
              )}
            </div>
          ))}
        </>
      );
    if (printing === 'payout')
      return (
        <>
          <Typography.Title level={2}>
            {t('settlement.payoutHeading', { name: customer.name, month: monthLabel(month) })}
          </Typography.Title>
          <Typography.Paragraph>{t('settlement.payoutExplain')}</Typography.Paragraph>
          {payoutTable(false)}
        </>
      );
    return (
      <>
        <Typography.Title level={2}>
          {t('statements.printHeading', { name: customer.name, month: monthLabel(month) })}
        </Typography.Title>
        <Typography.Paragraph>{t('statements.explain')}</Typography.Paragraph>
        <StatementTable lines={lines} labels={labels} money={money} testIds={false} />
        {items && items.length > 0 && (
          <>
            <Typography.Title level={4}>{t('settlement.apartTitle')}</Typography.Title>
            <ApartTable items={items} when={when} money={money} partner={partnerOf} testIds={false} />
          </>
        )}
      </>
    );
  };

  const ended = monthHasEnded(month, timeZone);
  const closed = settlement?.closed ?? false;

  return (
    <section aria-label={t('statements.title')}>
      {/* Only while this tab is shown: a kept-alive hidden tab must not take over printing (the QR poster prints too). */}
      <PrintCopy shown={shown} testId={printing === 'statement' ? 'statement-print' : `${printing}-print`}>
        {printCopy()}
      </PrintCopy>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong id="statement-month">
          {t('statements.month')}
        </Typography.Text>
        <Select
          aria-labelledby="statement-month"
          value={month}
          style={{ width: 220 }}
          onChange={(m) => setParams((p) => (p.set('month', m), p), { replace: true })}
          options={(months.includes(month) ? months : [month, ...months]).map((m) => ({
            value: m,
            label: monthLabel(m),
          }))}
        />
        <Button onClick={exportCsv} disabled={!lines || (lines.length === 0 && (items ?? []).length === 0)}>
          {t('statements.csv')}
        </Button>
        <Button onClick={() => print('statement')} disabled={!lines}>
          {t('statements.print')}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={t(error)} />}
      <Card size="small" title={t('statements.heading', { month: monthLabel(month) })} loading={!lines && !error}>
        <Typography.Paragraph type="secondary">{t('statements.explain')}</Typography.Paragraph>
        <StatementTable lines={lines} labels={labels} money={money} testIds />
      </Card>
      <Card
        size="small"
        title={t('settlement.apartTitle')}
        style={{ marginTop: 16 }}
        loading={!items && !error}
        data-testid="statement-apart"
      >
        <Typography.Paragraph type="secondary">{t('settlement.apartExplain')}</Typography.Paragraph>
        <ApartTable items={items ?? []} when={when} money={money} partner={partnerOf} testIds />
      </Card>
      <Card
        size="small"
        style={{ marginTop: 16 }}
        title={t('settlement.title', { month: monthLabel(month) })}
        loading={settlement === null && !error}
        extra={
          closed ? (
            <Tag color="blue" data-testid="month-closed">
              {t('settlement.closedAt', { date: when(settlement?.closed_at ?? null) })}
            </Tag>
          ) : null
        }
      >
        {!closed && (
          <Space direction="vertical">
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {ended ? t('settlement.openEnded') : t('settlement.openRunning')}
            </Typography.Paragraph>
            {ended && (
              <Button type="primary" onClick={() => setConfirmClose(true)}>
                {t('settlement.close')}
              </Button>
            )}
          </Space>
        )}
        {closed && (
          <Space direction="vertical" style={{ width: '100%' }} size={16}>
            <div>
              <Space wrap style={{ marginBottom: 8 }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('settlement.invoices')}
                </Typography.Title>
                <Button
                  size="small"
                  onClick={() => settlement && csv('invoices', invoicesCsv(month, settlement.invoices, partnerOf))}
                >
                  {t('settlement.invoicesCsv')}
                </Button>
                <Button size="small" onClick={() => print('invoices')}>
                  {t('settlement.invoicesPrint')}
                </Button>
              </Space>
              <Typography.Paragraph type="secondary">{t('settlement.invoicesExplain')}</Typography.Paragraph>
              {invoicesTable(true)}
            </div>
            <div>
              <Space wrap style={{ marginBottom: 8 }}>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('settlement.payouts')}
                </Typography.Title>
                <Button size="small" onClick={() => settlement && csv('payout', payoutCsv(month, settlement.payouts))}>
                  {t('settlement.payoutCsv')}
                </Button>
                <Button size="small" onClick={() => print('payout')}>
                  {t('settlement.payoutPrint')}
                </Button>
              </Space>
              <Typography.Paragraph type="secondary">{t('settlement.payoutExplain')}</Typography.Paragraph>
              {payoutTable(true)}
            </div>
          </Space>
        )}
      </Card>
      <Modal
        open={confirmClose}
        title={t('settlement.confirmTitle', { month: monthLabel(month) })}
        okText={t('settlement.close')}
        cancelText={t('form.cancel')}
        confirmLoading={busy === 'close'}
        onOk={() => void closeMonth()}
        onCancel={() => setConfirmClose(false)}
      >
        <Typography.Paragraph>{t('settlement.confirmText')}</Typography.Paragraph>
        {(items ?? []).length > 0 && (
          <Alert type="warning" showIcon title={t('settlement.confirmApart', { count: (items ?? []).length })} />
        )}
      </Modal>
    </section>
  );
}
