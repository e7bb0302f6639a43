// Partners' commission, one row per partner business: the rate in force, the hotel's latest proposal and
// its status (proposed / accepted / declined), the whole history; "Propose a rate" (hotel moderators and
// administrators), "Set the rate" (administrators only, in force at once), and "Invite staff" (an
// invitation the partner's staff accept in their account; nothing is granted before).
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Table, Tag, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { rpc } from '../../../lib/rpc.ts';
import { latest, openProposal, pctToRate, rateToPct, type RateRow } from '../utils/commission.ts';
import type { Partner } from '../hooks/use-partners.ts';

const STATUS_COLOUR: Record<string, string> = {
  proposed: 'gold',
  accepted: 'green',
  declined: 'red',
  withdrawn: 'default',
  superseded: 'default',
};

interface StaffInvitation {
  id: string;
  email: string;
  role: string;
  status: string;
  partner_id?: string | null;
  activity_id?: string | null;
  created_at: string;
  expires_at: string;
}

type Dialog = { kind: 'propose' | 'set' | 'invite' | 'history'; partner: Partner } | null;

export function Commission({ customerId, partners }: { customerId: string; partners: Partner[] }) {
  const { t } = useTranslation('dashboard');
  const { locale, toast, profile } = usePlatform();
  const db = useDb();
  const isAdmin = !!profile?.isAdmin;
  const [history, setHistory] = useState<Record<string, RateRow[]>>({});
  const [inForce, setInForce] = useState<Record<string, number | null>>({});
  const [staff, setStaff] = useState<
    Record<string, { user_id: string; email: string | null; display_name: string | null }[]>
  >({});
  const [invitations, setInvitations] = useState<StaffInvitation[] | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [rateForm] = Form.useForm<{ pct: number }>();
  const [inviteForm] = Form.useForm<{ email: string }>();

  const load = useCallback(async () => {
    const all = await Promise.all(
      partners.map(
        async (p) =>
          [p.id, (await rpc<RateRow[]>(db, 'commission_rate_history', { p_activity_id: p.id })).data ?? []] as const,
      ),
    );
    setHistory(Object.fromEntries(all));
    // Accepted staff only (an invitee is listed, with their address, once they said yes).
    const people = await Promise.all(
      partners.map(
        async (p) =>
          [
            p.id,
            (
              await rpc<{ user_id: string; email: string | null; display_name: string | null }[]>(
                db,
                'list_partner_staff',
                { p_activity_id: p.id },
              )
            ).data ?? [],
          ] as const,
      ),
    );
    setStaff(Object.fromEntries(people));
    const mirror = await db
      .from('activities')
      .select('id, commission_rate')
      .eq('customer_id', customerId)
      .eq('is_partner', true);
    setInForce(
      Object.fromEntries(
        (mirror.data ?? []).map((a) => [a.id, a.commission_rate === null ? null : Number(a.commission_rate)]),
      ),
    );
    const inv = await rpc<StaffInvitation[]>(db, 'list_customer_invitations', { p_customer_id: customerId });
    setInvitations((inv.data ?? []).filter((i) => i.role === 'partner_staff'));
  }, [db, partners, customerId]);
  useEffect(() => {
    void load();
  }, [load]);

  const when = (ts: string | null) =>
    ts ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts)) : '';
  const pct = (rate: number | string) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rateToPct(rate) / 100);
  const name = (p: Partner) => pickText(p.title, locale);

  const submitRate = async (v: { pct: number }) => {
    if (!dialog) return;
    setBusy(true);
    const fn = dialog.kind === 'set' ? 'admin_set_commission_rate' : 'propose_commission_rate';
    const { error } = await rpc(db, fn, { p_activity_id: dialog.partner.id, p_rate: pctToRate(v.pct) });
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(
      dialog.kind === 'set'
        ? t('commission.setOk', { rate: pct(pctToRate(v.pct)) })
        : t('commission.proposedOk', { rate: pct(pctToRate(v.pct)), partner: name(dialog.partner) }),
    );
    setDialog(null);
    void load();
  };

  const invite = async (v: { email: string }) => {
    if (!dialog) return;
    setBusy(true);
    const { error } = await rpc(db, 'invite_partner_staff', {
      p_activity_id: dialog.partner.id,
      p_email: v.email.trim(),
      p_language: locale.slice(0, 2),
    });
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    // The same answer whatever the address (no account enumeration).
    toast.success(t('commission.invited', { email: v.email.trim() }));
    setDialog(null);
    void load();
  };

  const withdraw = async (id: string) => {
    const { error } = await rpc(db, 'withdraw_invitation', { p_invitation_id: id });
    if (error) return toast.error(t(errorKey(error)));
    void load();
  };

  const open = (kind: NonNullable<Dialog>['kind'], partner: Partner) => {
    rateForm.resetFields();
    inviteForm.resetFields();
    setDialog({ kind, partner });
  };

  const rows = dialog?.kind === 'history' ? (history[dialog.partner.id] ?? []) : [];
  const partnerOf = (i: StaffInvitation) => partners.find((p) => p.id === (i.partner_id ?? i.activity_id));

  return (
    <Card size="small" title={t('commission.title')}>
      <Typography.Paragraph type="secondary">{t('commission.explain')}</Typography.Paragraph>
      <Table<Partner>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={partners}
        locale={{ emptyText: t('rewards.noPartners') }}
        onRow={(p) => ({ 'data-testid': `commission-${p.id}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: t('rewards.partner'), key: 'partner', render: (_: unknown, p: Partner) => name(p) },
          {
            title: t('commission.inForce'),
            key: 'rate',
            render: (_: unknown, p: Partner) => {
              const r = inForce[p.id];
              return <span data-testid={`rate-in-force-${p.id}`}>{r == null ? t('commission.none') : pct(r)}</span>;
            },
          },
          {
            title: t('commission.latest'),
            key: 'latest',
            render: (_: unknown, p: Partner) => {
              const l = openProposal(history[p.id] ?? []) ?? latest(history[p.id] ?? []);
              if (!l) return null;
              return (
                <span data-testid={`rate-latest-${p.id}`}>
                  {pct(l.rate)} <Tag color={STATUS_COLOUR[l.status]}>{t(`commission.status.${l.status}`)}</Tag>
                  {l.set_by_admin && <Tag>{t('commission.byAdmin')}</Tag>}
                </span>
              );
            },
          },
          {
            title: t('commission.staff'),
            key: 'staff',
            render: (_: unknown, p: Partner) => (
              <span data-testid={`staff-${p.id}`}>
                {(staff[p.id] ?? []).map((u) => u.display_name || u.email).join(', ')}
              </span>
            ),
          },
          {
            title: '',
            key: 'act',
            render: (_: unknown, p: Partner) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => open('propose', p)}
                  aria-label={t('commission.proposeFor', { partner: name(p) })}
                >
                  {t('commission.propose')}
                </Button>
                {isAdmin && (
                  <Button
                    size="small"
                    onClick={() => open('set', p)}
                    aria-label={t('commission.setFor', { partner: name(p) })}
                  >
                    {t('commission.set')}
                  </Button>
                )}
                <Button
                  size="small"
                  onClick={() => open('history', p)}
                  aria-label={t('commission.historyFor', { partner: name(p) })}
                >
                  {t('commission.history')}
                </Button>
                <Button
                  size="small"
                  onClick={() => open('invite', p)}
                  aria-label={t('commission.inviteFor', { partner: name(p) })}
                >
                  {t('commission.invite')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {invitations && invitations.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('commission.invitations')}
          </Typography.Title>
          <Table<StaffInvitation>
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={invitations}
            columns={[
              { title: t('mods.email'), dataIndex: 'email' },
              // list_customer_invitations does not say which partner (only the address and its status): shown when it does.
              ...(invitations.some((i) => partnerOf(i))
                ? [
                    {
                      title: t('rewards.partner'),
                      key: 'p',
                      render: (_: unknown, i: StaffInvitation) => (partnerOf(i) ? name(partnerOf(i)!) : ''),
                    },
                  ]
                : []),
              {
                title: t('settlement.status'),
                dataIndex: 'status',
                render: (s: string) => <Tag>{t(`mods.status.${s}`, { defaultValue: s })}</Tag>,
              },
              { title: t('commission.sent'), dataIndex: 'created_at', render: when },
              {
                title: '',
                key: 'w',
                render: (_: unknown, i: StaffInvitation) =>
                  i.status === 'pending' ? (
                    <Button size="small" onClick={() => void withdraw(i.id)}>
                      {t('mods.withdraw')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        </>
      )}

      <Modal
        open={dialog?.kind === 'propose' || dialog?.kind === 'set'}
        title={
          dialog
            ? t(dialog.kind === 'set' ? 'commission.setTitle' : 'commission.proposeTitle', {
                partner: name(dialog.partner),
              })
            : ''
        }
        onCancel={() => setDialog(null)}
        footer={null}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {dialog?.kind === 'set' ? t('commission.setExplain') : t('commission.proposeExplain')}
        </Typography.Paragraph>
        <Form
          form={rateForm}
          layout="vertical"
          name="rate"
          aria-label={t('commission.rateForm')}
          onFinish={(v) => void submitRate(v)}
        >
          <Form.Item
            name="pct"
            label={t('commission.rate')}
            rules={[
              { required: true, message: t('form.required') },
              { type: 'number', min: 0, max: 50, message: t('form.commission') },
              {
                validator: (_, v?: number) =>
                  v == null || Math.round(v * 10) === v * 10
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('commission.oneDecimal'))),
              },
            ]}
          >
            {/* No min/max on the input: antd would clamp 60 to 50 on blur and propose a rate nobody typed. */}
            <InputNumber step={0.5} addonAfter="%" style={{ width: 160 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {dialog?.kind === 'set' ? t('commission.set') : t('commission.propose')}
          </Button>
        </Form>
      </Modal>

      <Modal
        open={dialog?.kind === 'invite'}
        title={dialog ? t('commission.inviteTitle', { partner: name(dialog.partner) }) : ''}
        onCancel={() => setDialog(null)}
        footer={null}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('commission.inviteExplain')}</Typography.Paragraph>
        <Form
          form={inviteForm}
          layout="vertical"
          name="invite-staff"
          aria-label={t('commission.inviteTitle', { partner: dialog ? name(dialog.partner) : '' })}
          onFinish={(v) => void invite(v)}
        >
          <Form.Item
            name="email"
            label={t('mods.email')}
            rules={[
              { required: true, message: t('form.required') },
              { type: 'email', message: t('errors.invalid_email') },
            ]}
          >
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('commission.invite')}
          </Button>
        </Form>
      </Modal>

      <Modal
        open={dialog?.kind === 'history'}
        title={dialog ? t('commission.historyTitle', { partner: name(dialog.partner) }) : ''}
        onCancel={() => setDialog(null)}
        onOk={() => setDialog(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        width={760}
      >
        <Table<RateRow>
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: true }}
          dataSource={[...rows].sort((a, b) => Date.parse(b.proposed_at) - Date.parse(a.proposed_at))}
          locale={{ emptyText: t('commission.none') }}
          aria-label={t('commission.history')}
          columns={[
            { title: t('commission.rate'), key: 'rate', render: (_: unknown, r: RateRow) => pct(r.rate) },
            {
              title: t('settlement.status'),
              key: 's',
              render: (_: unknown, r: RateRow) => (
                <>
                  <Tag color={STATUS_COLOUR[r.status]}>{t(`commission.status.${r.status}`)}</Tag>
                  {r.set_by_admin && <Tag>{t('commission.byAdmin')}</Tag>}
                </>
              ),
            },
            { title: t('commission.proposedAt'), dataIndex: 'proposed_at', render: when },
            { title: t('commission.decidedAt'), dataIndex: 'decided_at', render: when },
            { title: t('commission.effectiveFrom'), dataIndex: 'effective_from', render: when },
          ]}
        />
      </Modal>
    </Card>
  );
}
