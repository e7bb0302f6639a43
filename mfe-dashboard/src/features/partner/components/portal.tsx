// The partner portal: what a partner business's staff see of their settlement with the hotel, month by
// month. Built for a phone at a counter (375 px: one column, full-width 48 px buttons, lists instead of
// wide tables, nothing wider than the screen) and for a desk. Every figure comes from the database in
// integer minor units and is formatted with the currency's decimals from the `currencies` table.
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import QRCode from 'qrcode';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Input,
  Modal,
  Result,
  Select,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import {
  failedForConnection,
  useRetryWhileDown,
  useTranslation,
  usePlatform,
  useSearchParams,
} from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { formatMoney } from '../../../lib/money.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { PrintCopy, printSoon } from '../../../lib/print.tsx';
import {
  confirmItem,
  currencyUnits,
  disputeItem,
  myPartners,
  partnerStatement,
  rateHistory,
  respondRate,
  setPin,
  type CommissionRate,
  type Invoice,
  type MyPartner,
  type PartnerStatement,
  type StatementItem,
} from '../api/partner.ts';
import {
  formatRate,
  isMonth,
  isPin,
  itemsCsv,
  localMonth,
  monthsUpTo,
  reasonProblem,
  REASON_MAX,
} from '../utils/portal-logic.ts';

const TAP = { minHeight: 48 } as const;

function useMoney(units: Map<string, number>) {
  const { locale } = usePlatform();
  return useCallback((minor: number, currency: string) => formatMoney(minor, currency, locale, units), [locale, units]);
}

export function PartnerPortal() {
  const { t } = useTranslation('dashboard');
  const { locale, navigateTo, hrefFor } = usePlatform();
  const db = useDb();
  const [params, setParams] = useSearchParams();
  const [partners, setPartners] = useState<MyPartner[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [units, setUnits] = useState<Map<string, number>>(new Map());

  // A read that got no answer (or a server fault) keeps the spinner and is read again on the page's
  // retry schedule (the shell says it is still trying): never "no partner" for a network fault (issue 32).
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(false);
  useRetryWhileDown(waiting, () => {
    setWaiting(false);
    setAttempt((n) => n + 1);
  });
  useEffect(() => {
    let live = true;
    myPartners(db).then(
      (list) => live && setPartners(list),
      (e) => {
        if (!live) return;
        if (failedForConnection(e)) return setWaiting(true);
        setLoadError(errorKey(e));
        setPartners([]);
      },
    );
    void currencyUnits(db).then((u) => live && setUnits(u));
    return () => {
      live = false;
    };
  }, [db, attempt]);

  const current = useMemo(() => localMonth(), []);
  const askedMonth = params.get('month');
  const month = isMonth(askedMonth) && askedMonth <= current ? askedMonth : current;
  const months = useMemo(() => monthsUpTo(current, 24), [current]);
  const askedPartner = params.get('partner');
  const partner = partners?.find((p) => p.activity_id === askedPartner) ?? partners?.[0] ?? null;

  const setQuery = (key: string, value: string) => setParams((p) => (p.set(key, value), p), { replace: true });
  const monthLabel = (m: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  const partnerName = (p: MyPartner) => pickText(p.title, locale) || p.hotel_name;

  if (partners === null) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!partner)
    return (
      <Result
        status="403"
        title={t('partnerPortal.noPartner')}
        subTitle={loadError ? t(loadError) : t('partnerPortal.noPartnerHelp')}
        extra={
          <Button href={hrefFor('User')} onClick={(e) => (e.preventDefault(), navigateTo('User'))} style={TAP}>
            {t('partnerPortal.toAccount')}
          </Button>
        }
      />
    );

  return (
    <main
      style={{
        maxWidth: 760,
        width: '100%',
        margin: '0 auto',
        padding: '12px 12px 48px',
        boxSizing: 'border-box',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography.Title level={1} style={{ fontSize: 24, margin: '4px 0 2px' }}>
        {t('partnerPortal.heading', { name: partnerName(partner) })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('partnerPortal.partnerOf', { hotel: partner.hotel_name })}
      </Typography.Paragraph>
      <Flex vertical gap={8} style={{ marginBottom: 16 }}>
        {partners.length > 1 && (
          <label style={{ display: 'block' }}>
            <Typography.Text strong>{t('partnerPortal.partner')}</Typography.Text>
            <Select
              data-testid="portal-partner"
              size="large"
              style={{ width: '100%', marginTop: 4 }}
              value={partner.activity_id}
              onChange={(v) => setQuery('partner', v)}
              options={partners.map((p) => ({ value: p.activity_id, label: `${partnerName(p)} · ${p.hotel_name}` }))}
              aria-label={t('partnerPortal.partner')}
            />
          </label>
        )}
        <label style={{ display: 'block' }}>
          <Typography.Text strong>{t('partnerPortal.month')}</Typography.Text>
          <Select
            data-testid="portal-month"
            size="large"
            style={{ width: '100%', marginTop: 4 }}
            value={month}
            onChange={(v) => setQuery('month', v)}
            options={(months.includes(month) ? months : [month, ...months]).map((m) => ({
              value: m,
              label: monthLabel(m),
            }))}
            aria-label={t('partnerPortal.month')}
          />
        </label>
      </Flex>
      <MonthView
        key={`${partner.activity_id}:${month}`}
        partner={partner}
        month={month}
        monthLabel={monthLabel(month)}
        units={units}
      />
      <PinCard partner={partner} />
    </main>
  );
}

function MonthView({
  partner,
  month,
  monthLabel,
  units,
}: {
  partner: MyPartner;
  month: string;
  monthLabel: string;
  units: Map<string, number>;
}) {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const money = useMoney(units);
  const [statement, setStatement] = useState<PartnerStatement | null>(null);
  const [rates, setRates] = useState<CommissionRate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [disputing, setDisputing] = useState<StatementItem | null>(null);
  const [qr, setQr] = useState<Record<string, string>>({});

  const [waiting, setWaiting] = useState(false);
  const load = useCallback(async () => {
    try {
      const [s, r] = await Promise.all([
        partnerStatement(db, partner.activity_id, month),
        rateHistory(db, partner.activity_id),
      ]);
      setStatement(s);
      setRates(r);
      setError(null);
      setWaiting(false);
    } catch (e) {
      // No answer: what is shown stays, and the statement is read again when the server answers.
      if (failedForConnection(e)) setWaiting(true);
      else setError(errorKey(e));
    }
  }, [db, partner.activity_id, month]);

  // Another month or partner: its statement, never the previous one's figures under its name meanwhile.
  useEffect(() => {
    setStatement(null);
  }, [partner.activity_id, month]);
  useEffect(() => {
    void load();
  }, [load]);
  useRetryWhileDown(waiting, () => {
    setWaiting(false);
    void load();
  });

  // VietQR payment codes of the open invoices, for the printed invoice (as on screen).
  useEffect(() => {
    let live = true;
    const withQr = statement?.invoices.filter((i) => i.vietqr && i.status !== 'paid') ?? [];
    void Promise.all(
      withQr.map(
        async (i) =>
          [
            i.id,
            await QRCode.toString(i.vietqr!, {
              type: 'svg',
              errorCorrectionLevel: 'M',
              margin: 1,
              color: { dark: '#111111', light: '#ffffff' },
            }),
          ] as const,
      ),
    ).then((all) => live && setQr(Object.fromEntries(all)));
    return () => {
      live = false;
    };
  }, [statement]);

  const act = async (key: string, work: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await work();
      toast.success(done);
      await load();
      return true;
    } catch (e) {
      toast.error(t(errorKey(e)));
      await load();
      return false;
    } finally {
      setBusy(null);
    }
  };

  if (error && !statement) return <Alert type="error" showIcon title={t(error)} style={{ marginBottom: 16 }} />;
  if (!statement || !rates) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const timeFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const pending = statement.items.filter((i) => i.status === 'pending');
  // What is owed: currencies with confirmed spend (a currency with only pending or disputed sales owes nothing).
  const owed = statement.currency_totals.filter((c) => c.confirmed_count > 0);
  const proposal = rates.find((r) => r.status === 'proposed') ?? null;
  const source = (i: StatementItem) =>
    i.source === 'voucher' ? t('partnerPortal.sourceVoucher') : t('partnerPortal.sourceManual');
  const name = pickText(partner.title, locale) || partner.hotel_name;
  const exportCsv = () =>
    downloadBlob(
      `${partner.customer_id}-${partner.activity_id}-items-${month}.csv`,
      new Blob([itemsCsv(month, name, partner.hotel_name, statement.items, units)], { type: 'text/csv;charset=utf-8' }),
    );

  return (
    <Flex vertical gap={16} style={{ marginBottom: 16 }}>
      {/* The printable invoice of the month: reference, amount, paid or not, the VietQR code while open. */}
      <PrintCopy shown testId="portal-invoice-print">
        <Typography.Title level={2}>
          {t('partnerPortal.invoicePrintHeading', { partner: name, hotel: partner.hotel_name, month: monthLabel })}
        </Typography.Title>
        {statement.invoices.map((i) => (
          <div key={i.id} className="gm-print-invoice">
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label={t('partnerPortal.invoiceAmount')}>
                {money(i.commission_minor, i.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t('partnerPortal.invoiceReference')}>{i.payment_reference}</Descriptions.Item>
              <Descriptions.Item label={t('partnerPortal.invoiceStatus')}>
                {i.status === 'paid'
                  ? i.paid_at
                    ? t('partnerPortal.paidOn', { date: dateFmt.format(new Date(i.paid_at)) })
                    : t('partnerPortal.paid')
                  : t('partnerPortal.unpaid')}
              </Descriptions.Item>
            </Descriptions>
            {qr[i.id] && (
              <div
                role="img"
                aria-label={t('partnerPortal.vietqr')}
                style={{ width: '40mm', marginTop: 8 }}
                dangerouslySetInnerHTML={{ __html: qr[i.id]! }}
              />
            )}
          </div>
        ))}
      </PrintCopy>
      <Flex gap={8} wrap>
        <Button size="large" style={{ ...TAP, flex: 1 }} onClick={exportCsv} disabled={statement.items.length === 0}>
          {t('partnerPortal.itemsCsv')}
        </Button>
        <Button size="large" style={{ ...TAP, flex: 1 }} onClick={printSoon} disabled={statement.invoices.length === 0}>
          {t('partnerPortal.invoicePrint')}
        </Button>
      </Flex>
      {statement.closed ? (
        <Alert
          type="info"
          showIcon
          title={t('partnerPortal.closed', { month: monthLabel })}
          data-testid="portal-closed"
        />
      ) : null}

      {/* The commission owed: confirmed spend only, per currency (never added across currencies). */}
      <Card
        size="small"
        title={
          <h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>
            {t('partnerPortal.owedTitle', { month: monthLabel })}
          </h2>
        }
      >
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('partnerPortal.owedExplain')}
        </Typography.Paragraph>
        {owed.length === 0 ? (
          <Typography.Text data-testid="portal-owed-none">{t('partnerPortal.owedNone')}</Typography.Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {owed.map((c) => (
              <li key={c.currency} data-testid={`portal-total-${c.currency}`} style={{ padding: '6px 0' }}>
                <div style={{ fontSize: 22, fontWeight: 600 }} data-testid="portal-commission">
                  {money(c.commission_minor, c.currency)}
                </div>
                <Typography.Text type="secondary">
                  {t('partnerPortal.owedDetail', {
                    count: c.confirmed_count,
                    gross: money(c.confirmed_gross_minor, c.currency),
                  })}
                </Typography.Text>
                <span data-testid="portal-gross" data-minor={c.confirmed_gross_minor} hidden />
              </li>
            ))}
          </ul>
        )}
      </Card>

      {/* Items waiting for the partner's word: confirm, or dispute with a reason. */}
      <Card
        size="small"
        title={<h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>{t('partnerPortal.pendingTitle')}</h2>}
        data-testid="portal-pending"
      >
        {pending.length === 0 ? (
          <Typography.Text type="secondary">{t('partnerPortal.pendingNone')}</Typography.Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {pending.map((i) => (
              <li
                key={i.id}
                data-testid="portal-pending-item"
                data-id={i.id}
                style={{ padding: '10px 0', borderBottom: '1px solid var(--gm-border, rgba(0,0,0,.08))' }}
              >
                <Flex justify="space-between" wrap gap={4}>
                  <strong style={{ fontSize: 18 }} data-testid="portal-amount">
                    {money(i.amount_minor, i.currency)}
                  </strong>
                  <Typography.Text type="secondary">{timeFmt.format(new Date(i.created_at))}</Typography.Text>
                </Flex>
                <Typography.Text type="secondary">
                  {t('partnerPortal.itemLine', {
                    source: source(i),
                    rate: formatRate(i.commission_rate, locale),
                    commission: money(i.commission_minor, i.currency),
                  })}
                </Typography.Text>
                {statement.closed ? (
                  <Typography.Paragraph type="warning" style={{ margin: '6px 0 0' }}>
                    {t('partnerPortal.pendingClosed')}
                  </Typography.Paragraph>
                ) : (
                  <Flex gap={8} style={{ marginTop: 8 }}>
                    <Button
                      type="primary"
                      size="large"
                      style={{ ...TAP, flex: 1 }}
                      loading={busy === `confirm:${i.id}`}
                      disabled={busy !== null}
                      onClick={() =>
                        void act(`confirm:${i.id}`, () => confirmItem(db, i.id), t('partnerPortal.confirmed'))
                      }
                    >
                      {t('partnerPortal.confirm')}
                    </Button>
                    <Button
                      danger
                      size="large"
                      style={{ ...TAP, flex: 1 }}
                      disabled={busy !== null}
                      onClick={() => setDisputing(i)}
                    >
                      {t('partnerPortal.dispute')}
                    </Button>
                  </Flex>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      {statement.invoices.map((inv) => (
        <InvoiceCard key={inv.id} invoice={inv} money={money} monthLabel={monthLabel} />
      ))}

      <RateCard
        statement={statement}
        rates={rates}
        proposal={proposal}
        busy={busy}
        onRespond={(r, accept) =>
          void act(
            `rate:${r.id}`,
            () => respondRate(db, r.id, accept),
            accept ? t('partnerPortal.rateAccepted') : t('partnerPortal.rateDeclined'),
          )
        }
      />

      {/* Everything of the month: redemptions (voucher, confirmed) and sales the hotel typed in. */}
      <Card
        size="small"
        title={
          <h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>
            {t('partnerPortal.itemsTitle', { month: monthLabel })}
          </h2>
        }
      >
        {statement.items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('partnerPortal.itemsNone')} />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {statement.items.map((i) => (
              <li
                key={i.id}
                data-testid="portal-item"
                data-id={i.id}
                data-status={i.status}
                style={{ padding: '8px 0', borderBottom: '1px solid var(--gm-border, rgba(0,0,0,.08))' }}
              >
                <Flex justify="space-between" wrap gap={4} align="center">
                  <span>
                    <Typography.Text strong data-testid="portal-amount">
                      {money(i.amount_minor, i.currency)}
                    </Typography.Text>{' '}
                    <Tag
                      color={i.status === 'confirmed' ? 'green' : i.status === 'disputed' ? 'red' : 'gold'}
                      data-testid="portal-status"
                      style={{ whiteSpace: 'normal' }}
                    >
                      {t(`partnerPortal.status.${i.status}`)}
                    </Tag>
                  </span>
                  <Typography.Text type="secondary">{dateFmt.format(new Date(i.created_at))}</Typography.Text>
                </Flex>
                <Typography.Text type="secondary">
                  {t('partnerPortal.itemLine', {
                    source: source(i),
                    rate: formatRate(i.commission_rate, locale),
                    commission: money(i.commission_minor, i.currency),
                  })}
                </Typography.Text>
                {i.status === 'disputed' && i.dispute_reason && (
                  <div>
                    <Typography.Text italic data-testid="portal-reason">
                      {t('partnerPortal.reasonShown', { reason: i.dispute_reason })}
                    </Typography.Text>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Card>

      <DisputeDialog
        item={disputing}
        money={money}
        busy={busy !== null}
        onCancel={() => setDisputing(null)}
        onSubmit={async (reason) => {
          const item = disputing!;
          const ok = await act(
            `dispute:${item.id}`,
            () => disputeItem(db, item.id, reason),
            t('partnerPortal.disputed'),
          );
          if (ok) setDisputing(null);
        }}
      />
    </Flex>
  );
}

function DisputeDialog({
  item,
  money,
  busy,
  onCancel,
  onSubmit,
}: {
  item: StatementItem | null;
  money: (m: number, c: string) => string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [item?.id]);
  const problem = reasonProblem(reason);
  return (
    <Modal
      open={!!item}
      title={item ? t('partnerPortal.disputeTitle', { amount: money(item.amount_minor, item.currency) }) : ''}
      onCancel={onCancel}
      okText={t('partnerPortal.disputeSend')}
      cancelText={t('partnerPortal.cancel')}
      okButtonProps={{ danger: true, loading: busy, size: 'large', style: TAP }}
      cancelButtonProps={{ size: 'large', style: TAP }}
      onOk={() => {
        setTried(true);
        if (!problem) void onSubmit(reason.trim());
      }}
      width="min(520px, calc(100vw - 24px))"
      destroyOnHidden
    >
      <label htmlFor={id}>
        <Typography.Text strong>{t('partnerPortal.reason')}</Typography.Text>
      </label>
      <Input.TextArea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={3}
        maxLength={REASON_MAX}
        showCount
        required
        aria-required="true"
        status={tried && problem ? 'error' : undefined}
        style={{ marginTop: 4 }}
      />
      {tried && problem && (
        <Typography.Text type="danger" role="alert">
          {t(`partnerPortal.reasonErrors.${problem}`, { max: REASON_MAX })}
        </Typography.Text>
      )}
    </Modal>
  );
}

function InvoiceCard({
  invoice,
  money,
  monthLabel,
}: {
  invoice: Invoice;
  money: (m: number, c: string) => string;
  monthLabel: string;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    setSvg('');
    if (invoice.vietqr && invoice.status !== 'paid')
      void QRCode.toString(invoice.vietqr, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 1,
        color: { dark: '#111111', light: '#ffffff' },
      }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [invoice.vietqr, invoice.status]);
  return (
    <Card
      size="small"
      data-testid="portal-invoice"
      title={
        <h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>
          {t('partnerPortal.invoiceTitle', { month: monthLabel })}
        </h2>
      }
    >
      <dl
        style={{ display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', gap: '6px 12px', margin: 0 }}
      >
        <dt>{t('partnerPortal.invoiceAmount')}</dt>
        <dd style={{ margin: 0, fontWeight: 600, fontSize: 18 }} data-testid="portal-invoice-amount">
          {money(invoice.commission_minor, invoice.currency)}
        </dd>
        <dt>{t('partnerPortal.invoiceReference')}</dt>
        <dd style={{ margin: 0, fontFamily: 'monospace', fontSize: 16 }} data-testid="portal-invoice-reference">
          {invoice.payment_reference}
        </dd>
        <dt>{t('partnerPortal.invoiceStatus')}</dt>
        <dd style={{ margin: 0, minWidth: 0 }} data-testid="portal-invoice-status">
          {invoice.status === 'paid' ? (
            <Tag color="green" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
              {invoice.paid_at
                ? t('partnerPortal.paidOn', {
                    date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(invoice.paid_at)),
                  })
                : t('partnerPortal.paid')}
            </Tag>
          ) : (
            <Tag color="gold" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
              {t('partnerPortal.unpaid')}
            </Tag>
          )}
        </dd>
      </dl>
      {invoice.status !== 'paid' && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('partnerPortal.invoiceHowTo', { reference: invoice.payment_reference })}
        </Typography.Paragraph>
      )}
      {svg && (
        <figure style={{ margin: '12px 0 0', textAlign: 'center' }}>
          <div
            role="img"
            aria-label={t('partnerPortal.vietqr')}
            data-testid="portal-vietqr"
            style={{ width: 'min(240px, 70vw)', margin: '0 auto' }}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <figcaption>
            <Typography.Text type="secondary">{t('partnerPortal.vietqr')}</Typography.Text>
          </figcaption>
        </figure>
      )}
    </Card>
  );
}

function RateCard({
  statement,
  rates,
  proposal,
  busy,
  onRespond,
}: {
  statement: PartnerStatement;
  rates: CommissionRate[];
  proposal: CommissionRate | null;
  busy: string | null;
  onRespond: (r: CommissionRate, accept: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const when = (r: CommissionRate) => r.effective_from ?? r.decided_at ?? r.proposed_at;
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>{t('partnerPortal.rateTitle')}</h2>}
      data-testid="portal-rate"
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {statement.rate_in_force === null ? (
          t('partnerPortal.rateNone')
        ) : (
          <span data-testid="portal-rate-in-force">
            {t('partnerPortal.rateInForce', { rate: formatRate(statement.rate_in_force, locale) })}
          </span>
        )}
      </Typography.Paragraph>
      {proposal && (
        <Alert
          type="warning"
          showIcon
          data-testid="portal-rate-proposal"
          title={t('partnerPortal.rateProposal', { rate: formatRate(proposal.rate, locale) })}
          description={
            <Flex gap={8} style={{ marginTop: 8 }}>
              <Button
                type="primary"
                size="large"
                style={{ ...TAP, flex: 1 }}
                loading={busy === `rate:${proposal.id}`}
                disabled={busy !== null}
                onClick={() => onRespond(proposal, true)}
              >
                {t('partnerPortal.rateAccept')}
              </Button>
              <Button
                size="large"
                style={{ ...TAP, flex: 1 }}
                disabled={busy !== null}
                onClick={() => onRespond(proposal, false)}
              >
                {t('partnerPortal.rateDecline')}
              </Button>
            </Flex>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {rates.length > 0 && (
        <details>
          <summary style={{ cursor: 'pointer', minHeight: 32, paddingTop: 4 }}>
            {t('partnerPortal.rateHistory')}
          </summary>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
            {rates.map((r) => (
              <li key={r.id} data-testid="portal-rate-row">
                {formatRate(r.rate, locale)} · {t(`partnerPortal.rateStatus.${r.status}`)}
                {r.set_by_admin ? ` · ${t('partnerPortal.rateByAdmin')}` : ''}
                {when(r) ? ` · ${dateFmt.format(new Date(when(r)!))}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

function PinCard({ partner }: { partner: MyPartner }) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [pin, setPinValue] = useState('');
  const [again, setAgain] = useState('');
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const pinId = useId();
  const againId = useId();
  const problem = !isPin(pin) ? 'format' : pin !== again ? 'mismatch' : null;
  const save = async () => {
    setTried(true);
    if (problem) return;
    setSaving(true);
    try {
      await setPin(db, partner.activity_id, pin);
      toast.success(t('partnerPortal.pinSaved'));
      setPinValue('');
      setAgain('');
      setTried(false);
    } catch (e) {
      toast.error(t(errorKey(e)));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>{t('partnerPortal.pinTitle')}</h2>}
      data-testid="portal-pin"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('partnerPortal.pinExplain')}
      </Typography.Paragraph>
      <form onSubmit={(e) => (e.preventDefault(), void save())}>
        <Flex vertical gap={8}>
          <label htmlFor={pinId}>{t('partnerPortal.pinNew')}</label>
          <Input.Password
            id={pinId}
            size="large"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={12}
            value={pin}
            onChange={(e) => setPinValue(e.target.value.replace(/\D/g, ''))}
            status={tried && problem === 'format' ? 'error' : undefined}
          />
          <label htmlFor={againId}>{t('partnerPortal.pinAgain')}</label>
          <Input.Password
            id={againId}
            size="large"
            inputMode="numeric"
            autoComplete="new-password"
            maxLength={12}
            value={again}
            onChange={(e) => setAgain(e.target.value.replace(/\D/g, ''))}
            status={tried && problem === 'mismatch' ? 'error' : undefined}
          />
          {tried && problem && (
            <Typography.Text type="danger" role="alert">
              {t(`partnerPortal.pinErrors.${problem}`)}
            </Typography.Text>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={saving} style={TAP}>
            {t('partnerPortal.pinSave')}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
