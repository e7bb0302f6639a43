// Step-up (issue 41, item 7): a money action the database refuses with `aal2_required` (the account has a
// verified second factor, the session entered no code) asks for the 6-digit code of the authenticator app,
// verifies it with supabase-js (auth.mfa.challengeAndVerify: the session becomes aal2) and repeats the action.
// One mechanism for every call through lib/api/rpc.ts: `withStepUp` wraps the call, `StepUpPrompt` (mounted by
// every screen's frame) is the modal it opens.
import { useEffect, useId, useState } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { TypedClient } from '@guestmap/shared-ui/database';
import { dbErrorCode } from '@guestmap/shared-ui/db-errors';

/** Asks for a code and verifies it: true once the session is aal2, false when the person cancelled. */
type Ask = (db: TypedClient) => Promise<boolean>;

// The prompts mounted now (one per screen frame); the newest answers.
const prompts: Ask[] = [];

/**
 * Runs `call`; if the database answers aal2_required and a prompt is mounted, asks for the code and, once
 * verified, runs `call` once more (its answer is then the action's answer). Cancelled: the refusal stands.
 */
export async function withStepUp<R extends { error: unknown }>(db: TypedClient, call: () => Promise<R>): Promise<R> {
  const first = await call();
  const ask = prompts[prompts.length - 1];
  if (!first.error || dbErrorCode(first.error) !== 'aal2_required' || !ask) return first;
  return (await ask(db)) ? call() : first;
}

interface Pending {
  db: TypedClient;
  done: (verified: boolean) => void;
}

/** The code prompt: an antd modal asking for the authenticator app's code (six languages). */
export function StepUpPrompt() {
  const { t } = useTranslation('dashboard');
  const codeId = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ask: Ask = (db) =>
      new Promise<boolean>((done) => {
        setCode('');
        setError(null);
        setPending({ db, done });
      });
    prompts.push(ask);
    return () => void prompts.splice(prompts.indexOf(ask), 1);
  }, []);

  const finish = (verified: boolean) => {
    pending?.done(verified);
    setPending(null);
  };
  const submit = async () => {
    if (!pending || busy) return;
    const entered = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(entered)) return setError(t('stepUp.codeFormat'));
    setBusy(true);
    try {
      const { data, error: listError } = await pending.db.auth.mfa.listFactors();
      const factor = data?.totp.find((f) => f.status === 'verified');
      if (listError || !factor) return setError(t('stepUp.noFactor'));
      const { error: e } = await pending.db.auth.mfa.challengeAndVerify({ factorId: factor.id, code: entered });
      if (e) return setError(e.code === 'mfa_verification_failed' ? t('stepUp.wrongCode') : t('stepUp.error'));
      finish(true);
    } catch {
      setError(t('stepUp.error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={pending !== null}
      title={t('stepUp.title')}
      okText={t('stepUp.verify')}
      cancelText={t('stepUp.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={() => finish(false)}
      destroyOnClose
    >
      <Typography.Paragraph>{t('stepUp.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label={t('stepUp.codeLabel')}
          htmlFor={codeId}
          validateStatus={error ? 'error' : undefined}
          help={error ? <span role="alert">{error}</span> : undefined}
        >
          <Input
            id={codeId}
            autoFocus
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
