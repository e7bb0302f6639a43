// Administrators: find users, disable or enable one (the user is signed out live), reset one's lost
// authenticator app, change any customer's package.
import { useState } from 'react';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { searchProfiles, type Profile } from '../api/search-profiles.ts';
import { adminSetUserDisabled } from '../api/admin-set-user-disabled.ts';
import { adminResetSecondFactor } from '../api/admin-reset-second-factor.ts';
import { listCustomers, type CustomerRow } from '../api/list-customers.ts';
import { adminSetCustomerPackage } from '../api/admin-set-customer-package.ts';
import { PlatformFees } from './platform-fees.tsx';

type Customer = CustomerRow;

export function Administration() {
  const { t } = useTranslation('dashboard');
  const { toast, user } = usePlatform();
  const db = useDb();
  const [q, setQ] = useState('');
  const [users, setUsers] = useState<Profile[] | null>(null);
  const [customers, setCustomers] = useState<Customer[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const search = async (text: string) => {
    setBusy('search');
    const { data, error } = await searchProfiles(db, text);
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    setUsers(data);
  };

  const setDisabled = async (p: Profile, disabled: boolean) => {
    setBusy(p.id);
    const { error } = await adminSetUserDisabled(db, p.id, disabled);
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(
      disabled ? t('admin.disabled', { email: p.email ?? '' }) : t('admin.enabled', { email: p.email ?? '' }),
    );
    setUsers((all) => all?.map((u) => (u.id === p.id ? { ...u, is_disabled: disabled } : u)) ?? null);
  };

  // A lost phone: the person cannot remove their factor themselves (that takes a code from it).
  const resetFactor = async (p: Profile) => {
    if (!p.email) return;
    setBusy(`factor:${p.id}`);
    const { data, error } = await adminResetSecondFactor(db, p.email);
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    const removed = (data as { removed?: number } | null)?.removed ?? 0;
    toast.success(t(removed > 0 ? 'admin.factorReset' : 'admin.noFactor', { email: p.email }));
  };

  const loadCustomers = async () => {
    const { data, error } = await listCustomers(db);
    if (error) return toast.error(t(errorKey(error)));
    setCustomers(data);
  };

  const setPackage = async (c: Customer, pkg: string) => {
    setBusy(c.id);
    const { error } = await adminSetCustomerPackage(db, c.id, pkg);
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('settings.packageSaved'));
    setCustomers((all) => all?.map((x) => (x.id === c.id ? { ...x, package: pkg as Customer['package'] } : x)) ?? null);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title={t('admin.users')}>
        <Input.Search
          placeholder={t('admin.searchUsers')}
          aria-label={t('admin.searchUsers')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(v) => void search(v)}
          enterButton={t('admin.search')}
          loading={busy === 'search'}
          style={{ maxWidth: 420, marginBottom: 12 }}
        />
        {users && (
          <Table<Profile>
            size="small"
            rowKey="id"
            dataSource={users}
            pagination={false}
            columns={[
              { title: t('mods.email'), dataIndex: 'email' },
              { title: t('admin.name'), dataIndex: 'display_name' },
              {
                title: t('admin.status'),
                key: 'status',
                render: (_, p) => (
                  <Space>
                    {p.is_admin && <Tag color="purple">{t('admin.admin')}</Tag>}
                    {p.is_disabled ? (
                      <Tag color="red">{t('admin.isDisabled')}</Tag>
                    ) : (
                      <Tag color="green">{t('admin.active')}</Tag>
                    )}
                  </Space>
                ),
              },
              {
                title: '',
                key: 'act',
                render: (_, p) =>
                  p.id === user?.id ? null : (
                    <Space wrap>
                      <Button
                        danger={!p.is_disabled}
                        loading={busy === p.id}
                        onClick={() => void setDisabled(p, !p.is_disabled)}
                        aria-label={`${p.is_disabled ? t('admin.enable') : t('admin.disable')} ${p.email ?? ''}`}
                      >
                        {p.is_disabled ? t('admin.enable') : t('admin.disable')}
                      </Button>
                      <Popconfirm
                        title={t('admin.resetFactor')}
                        onConfirm={() => void resetFactor(p)}
                        okText={t('admin.resetFactor')}
                        cancelText={t('form.cancel')}
                      >
                        <Button
                          loading={busy === `factor:${p.id}`}
                          aria-label={`${t('admin.resetFactor')} ${p.email ?? ''}`}
                        >
                          {t('admin.resetFactor')}
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
              },
            ]}
          />
        )}
      </Card>
      <Card
        title={t('admin.customers')}
        extra={<Button onClick={() => void loadCustomers()}>{t('admin.loadCustomers')}</Button>}
      >
        {customers && (
          <Table<Customer>
            size="small"
            rowKey="id"
            dataSource={customers}
            pagination={false}
            columns={[
              { title: t('settings.name'), dataIndex: 'name' },
              { title: 'ID', dataIndex: 'id' },
              {
                title: t('settings.package'),
                key: 'pkg',
                render: (_, c) =>
                  c.kind === 'hotel' ? (
                    <Select
                      aria-label={`${t('settings.package')} ${c.id}`}
                      value={c.package ?? undefined}
                      loading={busy === c.id}
                      onChange={(v) => void setPackage(c, v)}
                      style={{ width: 180 }}
                      options={['basic', 'professional', 'premium'].map((p) => ({
                        value: p,
                        label: t(`packages.${p}`),
                      }))}
                    />
                  ) : (
                    t('packages.city')
                  ),
              },
            ]}
          />
        )}
      </Card>
      <PlatformFees />
    </Space>
  );
}
