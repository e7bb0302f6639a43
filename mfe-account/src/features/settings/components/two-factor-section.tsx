// /user/settings: a second factor (an authenticator app, TOTP) through supabase-js's auth.mfa: enrol with the
// QR code or the secret, confirm with a code, remove with a fresh code. Once verified, the account's money
// actions need a session that entered a code (the database answers aal2_required otherwise).
import { useId, useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { Section } from './section.tsx';
import { useFactors } from '../hooks/use-factors.ts';

type Step =
  { kind: 'idle' } | { kind: 'enrol'; id: string; qr: string; secret: string } | { kind: 'remove'; id: string };

export function TwoFactorSection() {
  const { t } = useTranslation('account');
  const { user, toast } = usePlatform();
  const supabase = useSupabase();
  const { busy, run } = useBusy('mfa');
  const codeId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { factors, reload } = useFactors(user?.id);

  const verified = (factors ?? []).filter((f) => f.status === 'verified');
  const begin = () =>
    void run('enrol', async () => {
      // A half-finished enrolment is dropped first (an unverified factor needs no code to remove).
      for (const f of (factors ?? []).filter((x) => x.status !== 'verified'))
        await supabase.auth.mfa.unenroll({ factorId: f.id });
      const { data, error: e } = await supabase.auth.mfa.enroll({
        factorType: 'totp',
        friendlyName: `${t('user.mfa.appName')} ${new Date().toISOString().slice(0, 16).replace('T', ' ')}`,
      });
      if (e || !data) return toast.error(t('user.mfa.error'));
      setCode('');
      setError(null);
      setStep({ kind: 'enrol', id: data.id, qr: data.totp.qr_code, secret: data.totp.secret });
    });
  const submit = () => {
    if (step.kind === 'idle') return;
    if (!/^\d{6}$/.test(code.trim())) return setError(t('user.mfa.codeFormat'));
    void run('verify', async () => {
      const { error: e } = await supabase.auth.mfa.challengeAndVerify({ factorId: step.id, code: code.trim() });
      if (e) return setError(e.code === 'mfa_verification_failed' ? t('user.mfa.wrongCode') : t('user.mfa.error'));
      if (step.kind === 'remove') {
        const { error: u } = await supabase.auth.mfa.unenroll({ factorId: step.id });
        if (u) return toast.error(t('user.mfa.error'));
        toast.success(t('user.mfa.removed'));
      } else {
        toast.success(t('user.mfa.enrolled'));
      }
      setStep({ kind: 'idle' });
      setCode('');
      await reload();
    });
  };

  return (
    <Section title={t('user.mfa.title')}>
      <Typography.Paragraph>{t('user.mfa.intro')}</Typography.Paragraph>
      {factors === null ? null : verified.length > 0 ? (
        <ul data-testid="mfa-factors" style={{ listStyle: 'none', padding: 0 }}>
          {verified.map((f) => (
            <li key={f.id} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography.Text strong>{t('user.mfa.on')}</Typography.Text>
              <Typography.Text type="secondary">{f.friendly_name}</Typography.Text>
              {step.kind === 'idle' && (
                <Button onClick={() => (setCode(''), setError(null), setStep({ kind: 'remove', id: f.id }))}>
                  {t('user.mfa.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        step.kind === 'idle' && (
          <Button type="primary" onClick={begin} loading={busy === 'enrol'}>
            {t('user.mfa.add')}
          </Button>
        )
      )}
      {step.kind === 'enrol' && (
        <div data-testid="mfa-enrol">
          <Typography.Paragraph>{t('user.mfa.scan')}</Typography.Paragraph>
          <img src={step.qr} alt={t('user.mfa.qrAlt')} width={200} height={200} style={{ background: '#fff' }} />
          <Typography.Paragraph>
            {t('user.mfa.secret')}{' '}
            <Typography.Text code copyable data-testid="mfa-secret">
              {step.secret}
            </Typography.Text>
          </Typography.Paragraph>
        </div>
      )}
      {step.kind !== 'idle' && (
        <Form layout="vertical" onFinish={submit} requiredMark={false} noValidate>
          <Flex gap={8} align="start" wrap>
            <Form.Item
              label={step.kind === 'remove' ? t('user.mfa.codeToRemove') : t('user.mfa.code')}
              htmlFor={codeId}
              validateStatus={error ? 'error' : undefined}
              help={error ?? undefined}
              style={{ flex: '1 1 200px', marginBottom: 0 }}
            >
              <Input
                id={codeId}
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                aria-invalid={error ? true : undefined}
                onChange={(e) => (setCode(e.target.value), setError(null))}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'verify'} style={{ marginTop: 30 }}>
              {step.kind === 'remove' ? t('user.mfa.confirmRemove') : t('user.mfa.verify')}
            </Button>
            <Button onClick={() => setStep({ kind: 'idle' })} style={{ marginTop: 30 }}>
              {t('user.mfa.cancel')}
            </Button>
          </Flex>
        </Form>
      )}
    </Section>
  );
}
