// Who runs this map: list, add an existing user by e-mail, remove (never the last one).
import { useCallback, useEffect, useState } from 'react';
import { Avatar, Button, Card, Form, Input, List, Popconfirm } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useCustomerId, useDb, errorKey } from '../common/use-db.ts';

interface Mod {
  user_id: string;
  email: string | null;
  display_name: string | null;
  profile_picture_url: string | null;
  created_at: string;
}

export function Moderators() {
  const { t } = useTranslation('dashboard');
  const { toast, user } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const [mods, setMods] = useState<Mod[]>([]);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm<{ email: string }>();

  const load = useCallback(async () => {
    const { data, error } = await db.rpc('list_customer_moderators', { p_customer_id: customerId });
    if (error) toast.error(t(errorKey(error)));
    else setMods((data ?? []) as Mod[]);
    setLoading(false);
  }, [db, customerId, toast, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const add = async ({ email }: { email: string }) => {
    setBusy('add');
    const { error } = await db.rpc('add_moderator_by_email', { p_customer_id: customerId, p_email: email.trim() });
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('mods.added', { email: email.trim() }));
    form.resetFields();
    void load();
  };

  const remove = async (m: Mod) => {
    setBusy(m.user_id);
    const { error } = await db.rpc('remove_moderator', { p_customer_id: customerId, p_user_id: m.user_id });
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('mods.removed', { email: m.email ?? '' }));
    void load();
  };

  return (
    <Card title={t('mods.title')}>
      <Form form={form} layout="inline" onFinish={(v) => void add(v)} style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="email" label={t('mods.email')} rules={[{ required: true, message: t('form.required') }, { type: 'email', message: t('form.email') }]}>
          <Input type="email" autoComplete="off" style={{ width: 260 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy === 'add'}>{t('mods.add')}</Button>
      </Form>
      <List
        loading={loading}
        dataSource={mods}
        aria-label={t('mods.title')}
        renderItem={(m) => (
          <List.Item
            actions={[
              <Popconfirm key="rm" title={t('mods.confirmRemove', { email: m.email ?? '' })} okText={t('mods.remove')} cancelText={t('form.cancel')} onConfirm={() => void remove(m)} disabled={mods.length <= 1}>
                <Button danger disabled={mods.length <= 1} loading={busy === m.user_id} title={mods.length <= 1 ? t('errors.last_moderator') : undefined} aria-label={t('mods.removeWho', { email: m.email ?? '' })}>
                  {t('mods.remove')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar src={m.profile_picture_url ?? undefined}>{(m.display_name ?? m.email ?? '?').slice(0, 1).toUpperCase()}</Avatar>}
              title={m.display_name ?? m.email}
              description={`${m.email ?? ''}${m.user_id === user?.id ? ` · ${t('mods.you')}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
