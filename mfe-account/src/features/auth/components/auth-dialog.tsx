// The auth dialog (opened by the shell whenever the query has dialogAuth=true): sign in, create an
// account, Google in a popup, and password reset by a 6-digit code. Every field is checked before
// any request; server errors are mapped from their codes; one request at a time. Where the project
// confirms e-mail addresses (hosted's default), a new account (or a guest's added address) waits for
// the link mailed to it: the dialog says so, offers to send it again, and the link opens the app signed in.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Divider, Form, Input, Modal, Typography } from 'antd';
import { useTranslation, isRouteName, usePlatform, useSupabase, useSearchParams } from '@guestmap/shared-ui/contracts';
import { AntdProvider } from '../../../lib/components/antd-provider.tsx';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { authErrorField, authErrorKey } from '../../../lib/utils/errors.ts';
import {
  hasErrors,
  validateCode,
  validateEmail,
  validateNickname,
  validatePassword,
  validateTerms,
  type Errors,
  type ValidationKey,
} from '../../../lib/utils/validation.ts';
import { signInWithGooglePopup } from '../api/google-popup.ts';

export type Mode = 'signIn' | 'signUp' | 'resetRequest' | 'resetCode' | 'checkEmail';
type Field = 'email' | 'password' | 'nickname' | 'terms' | 'code' | 'newPassword';

const TITLES: Record<Mode, string> = {
  signIn: 'auth.signIn.title',
  signUp: 'auth.signUp.title',
  resetRequest: 'auth.reset.title',
  resetCode: 'auth.reset.title',
  checkEmail: 'auth.checkEmail.title',
};

function GoogleIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 7l7.4 5.7c4.3-4 6.9-9.9 6.9-17.2z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.4 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}

export function AuthDialog() {
  const { t } = useTranslation('account');
  const { locale, navigateTo, hrefFor, toast, signOut, user, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [terms, setTerms] = useState(false);
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [recoveryVerified, setRecoveryVerified] = useState(false);
  /** The address waiting for its confirmation link, and which kind of link it was sent. */
  const [pending, setPending] = useState<{ email: string; type: 'signup' | 'email_change' } | null>(null);
  const { busy, run } = useBusy('auth');
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const switchTo = (m: Mode) => {
    setMode(m);
    setErrors({});
    setFormError(null);
    if (m !== 'resetCode') setInfo(null);
  };

  const closeQuery = () => {
    const q = new URLSearchParams(params);
    q.delete('dialogAuth');
    q.delete('to');
    q.delete('customerId');
    setParams(q, { replace: true });
  };

  /** After any successful sign-in: leave the dialog, then go where the user was heading. */
  const succeed = () => {
    const to = params.get('to');
    const customerId = params.get('customerId') || undefined;
    closeQuery();
    if (isRouteName(to)) {
      try {
        navigateTo(to, customerId ? { customerId } : {});
      } catch {
        // A route that needs a customerId the query does not carry: staying put is the safe choice.
      }
    }
  };

  /** Where the mailed link lands: the route the user was heading to, else this page without the dialog. */
  const landing = () => {
    const to = params.get('to');
    const customerId = params.get('customerId') || undefined;
    if (isRouteName(to)) {
      try {
        return `${window.location.origin}${hrefFor(to, customerId ? { customerId } : {})}`;
      } catch {
        // A route that needs a customerId the query does not carry: this page instead.
      }
    }
    const q = new URLSearchParams(params);
    for (const k of ['dialogAuth', 'to', 'customerId']) q.delete(k);
    const search = q.toString();
    return `${window.location.origin}${window.location.pathname}${search ? `?${search}` : ''}`;
  };

  // While a link is awaited: when it is opened in another tab of this browser, supabase-js announces the
  // session here too; the dialog then finishes as a direct sign-in would (welcome, then `to`).
  const onConfirmed = useRef<() => void>(() => undefined);
  onConfirmed.current = () => {
    void refreshProfile();
    toast.success(nickname.trim() ? t('auth.welcome', { name: nickname.trim() }) : t('auth.welcomeBack'));
    succeed();
  };
  const awaited = mode === 'checkEmail' ? (pending?.email.toLowerCase() ?? null) : null;
  useEffect(() => {
    if (!awaited) return;
    let done = false;
    const { data } = supabase.auth.onAuthStateChange((_event, session) => {
      const u = session?.user;
      if (done || !u || u.is_anonymous || (u.email ?? '').toLowerCase() !== awaited) return;
      done = true;
      // Outside supabase-js's callback, which must not wait on further auth calls.
      setTimeout(() => live.current && onConfirmed.current(), 0);
    });
    return () => data.subscription.unsubscribe();
  }, [awaited, supabase]);

  const awaitConfirmation = (address: string, type: 'signup' | 'email_change') => {
    setPending({ email: address, type });
    setInfo(null);
    switchTo('checkEmail');
  };

  const resendLink = (address: string, type: 'signup' | 'email_change') => {
    void run('resend', async () => {
      try {
        const { error } = await supabase.auth.resend({ type, email: address, options: { emailRedirectTo: landing() } });
        if (error) return fail(error);
        if (!live.current) return;
        setPending({ email: address, type });
        setMode('checkEmail');
        setFormError(null);
        setInfo(t('auth.checkEmail.resent', { email: address }));
      } catch (e) {
        fail(e);
      }
    });
  };

  const fail = (e: unknown) => {
    if (!live.current) return;
    const key = authErrorKey(e);
    const field = authErrorField(key);
    if (field === 'password' && mode === 'resetCode') setErrors({ newPassword: key as ValidationKey });
    else if (field && mode !== 'resetCode') setErrors({ [field]: key as ValidationKey });
    else setFormError(key);
    if (key === 'errors.noAccount') void signOut();
  };

  const check = (e: Errors<Field>) => {
    setErrors(e);
    setFormError(null);
    return !hasErrors(e);
  };

  const submitSignIn = () => {
    if (!check({ email: validateEmail(email), password: validatePassword(password) })) return;
    void run('signIn', async () => {
      try {
        const { error } = await supabase.auth.signInWithPassword({ email: email.trim(), password });
        if (error) return fail(error);
        succeed();
      } catch (e) {
        fail(e);
      }
    });
  };

  const submitSignUp = () => {
    if (
      !check({
        email: validateEmail(email),
        password: validatePassword(password),
        nickname: validateNickname(nickname),
        terms: validateTerms(terms),
      })
    )
      return;
    void run('signUp', async () => {
      try {
        if (user?.isAnonymous) {
          // A guest who played rewards anonymously: the same user gets an e-mail and a password, so
          // their points and vouchers stay theirs (signUp would make a new, empty user).
          const { data, error } = await supabase.auth.updateUser(
            { email: email.trim(), password, data: { language: locale, nickname: nickname.trim() } },
            { emailRedirectTo: landing() },
          );
          if (error) return fail(error);
          // The profile row was made when the guest first played, without these.
          await supabase.from('profiles').update({ display_name: nickname.trim(), language: locale }).eq('id', user.id);
          // With confirmations on, the address counts only once its link is opened: until then the
          // guest stays a guest (points and vouchers kept either way).
          if ((data.user?.email ?? '').toLowerCase() !== email.trim().toLowerCase())
            return awaitConfirmation(email.trim(), 'email_change');
          await refreshProfile();
          toast.success(t('auth.welcome', { name: nickname.trim() }));
          succeed();
          return;
        }
        const { data, error } = await supabase.auth.signUp({
          email: email.trim(),
          password,
          options: { data: { language: locale, nickname: nickname.trim() }, emailRedirectTo: landing() },
        });
        if (error) return fail(error);
        // Projects that confirm e-mails first answer without a session (the same for an address that
        // already has an account, so the answer tells nobody which addresses do).
        if (!data.session) return awaitConfirmation(email.trim(), 'signup');
        toast.success(t('auth.welcome', { name: nickname.trim() }));
        succeed();
      } catch (e) {
        fail(e);
      }
    });
  };

  const submitResetRequest = () => {
    if (!check({ email: validateEmail(email) })) return;
    void run('sendCode', async () => {
      try {
        const { error } = await supabase.auth.resetPasswordForEmail(email.trim());
        const key = error ? authErrorKey(error) : null;
        // Only conditions that say nothing about the address are reported; anything else gets the
        // same answer as success, so nobody can probe which e-mails have an account.
        if (key === 'errors.network' || key === 'errors.tooMany') return setFormError(key);
      } catch (e) {
        return fail(e);
      }
      if (!live.current) return;
      setInfo(t('success.codeSent'));
      toast.success(t('success.codeSent'));
      setCode('');
      setRecoveryVerified(false);
      switchTo('resetCode');
    });
  };

  const submitReset = () => {
    if (!check({ code: recoveryVerified ? null : validateCode(code), newPassword: validatePassword(newPassword) }))
      return;
    void run('reset', async () => {
      try {
        if (!recoveryVerified) {
          const { error } = await supabase.auth.verifyOtp({
            email: email.trim(),
            token: code.replace(/\s+/g, ''),
            type: 'recovery',
          });
          if (error) return fail(error);
          setRecoveryVerified(true);
        }
        const { error } = await supabase.auth.updateUser({ password: newPassword });
        if (error) return fail(error);
        toast.success(t('auth.reset.done'));
        succeed();
      } catch (e) {
        fail(e);
      }
    });
  };

  const google = () => {
    setFormError(null);
    void run('google', async () => {
      try {
        await signInWithGooglePopup(supabase, `${window.location.origin}${hrefFor('Home', {}, { oauth: 'popup' })}`);
        succeed();
      } catch (e) {
        fail(e);
      }
    });
  };

  const fieldProps = (f: Field, label: string) => ({
    label,
    htmlFor: id(f),
    validateStatus: errors[f] ? ('error' as const) : undefined,
    help: errors[f] ? <span id={id(`${f}-help`)}>{t(errors[f]!)}</span> : undefined,
  });
  const inputProps = (f: Field, value: string, set: (v: string) => void) => ({
    id: id(f),
    value,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? id(`${f}-help`) : undefined,
    onChange: (e: { target: { value: string } }) => {
      set(e.target.value);
      if (errors[f]) setErrors((x) => ({ ...x, [f]: null }));
    },
  });
  const disabled = busy !== null;

  const emailItem = (
    <Form.Item {...fieldProps('email', t('auth.fields.email'))}>
      <Input
        {...inputProps('email', email, setEmail)}
        type="email"
        autoComplete={mode === 'signUp' ? 'email' : 'username'}
        inputMode="email"
        autoFocus
        readOnly={disabled}
      />
    </Form.Item>
  );

  let body: ReactNode;
  if (mode === 'signIn' || mode === 'signUp') {
    const signUp = mode === 'signUp';
    body = (
      <>
        <Button
          block
          size="large"
          icon={<GoogleIcon />}
          onClick={google}
          loading={busy === 'google'}
          disabled={disabled && busy !== 'google'}
        >
          {t('auth.google')}
        </Button>
        <Divider plain>{t('auth.or')}</Divider>
        <Form layout="vertical" requiredMark={false} onFinish={signUp ? submitSignUp : submitSignIn} noValidate>
          {signUp && (
            <Form.Item {...fieldProps('nickname', t('auth.fields.nickname'))}>
              <Input
                {...inputProps('nickname', nickname, setNickname)}
                autoComplete="nickname"
                maxLength={80}
                readOnly={disabled}
              />
            </Form.Item>
          )}
          {emailItem}
          <Form.Item {...fieldProps('password', t('auth.fields.password'))}>
            <Input.Password
              {...inputProps('password', password, setPassword)}
              autoComplete={signUp ? 'new-password' : 'current-password'}
              readOnly={disabled}
              iconRender={passwordToggle(t('auth.fields.showPassword'), t('auth.fields.hidePassword'))}
            />
          </Form.Item>
          {!signUp && (
            <div style={{ marginTop: -12, marginBottom: 12, textAlign: 'right' }}>
              <Button
                type="link"
                size="small"
                onClick={() => switchTo('resetRequest')}
                disabled={disabled}
                style={{ paddingInline: 0 }}
              >
                {t('auth.forgot')}
              </Button>
            </div>
          )}
          {signUp && (
            <Form.Item
              validateStatus={errors.terms ? 'error' : undefined}
              help={errors.terms ? <span id={id('terms-help')}>{t(errors.terms)}</span> : undefined}
            >
              <Checkbox
                id={id('terms')}
                checked={terms}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? id('terms-help') : undefined}
                disabled={disabled}
                onChange={(e) => {
                  setTerms(e.target.checked);
                  if (errors.terms) setErrors((x) => ({ ...x, terms: null }));
                }}
              >
                {t('auth.terms.before')}
                <a href={hrefFor('TermsAndPrivacy')} target="_blank" rel="noopener noreferrer">
                  {t('auth.terms.link')}
                </a>
              </Checkbox>
            </Form.Item>
          )}
          {formError && (
            <Alert
              type="error"
              showIcon
              title={t(formError)}
              style={{ marginBottom: 16 }}
              action={
                formError === 'errors.emailNotConfirmed' ? (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => resendLink(email.trim(), 'signup')}
                    loading={busy === 'resend'}
                    disabled={disabled && busy !== 'resend'}
                  >
                    {t('auth.resendLink')}
                  </Button>
                ) : undefined
              }
            />
          )}
          {info && <Alert type="info" role="status" showIcon title={info} style={{ marginBottom: 16 }} />}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={busy === 'signIn' || busy === 'signUp'}
            disabled={disabled && busy !== 'signIn' && busy !== 'signUp'}
          >
            {signUp ? t('auth.signUp.submit') : t('auth.signIn.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
          {signUp ? t('auth.signUp.haveAccount') : t('auth.signIn.noAccount')}{' '}
          <Button
            type="link"
            onClick={() => switchTo(signUp ? 'signIn' : 'signUp')}
            disabled={disabled}
            style={{ paddingInline: 4 }}
          >
            {signUp ? t('auth.signUp.toSignIn') : t('auth.signIn.toSignUp')}
          </Button>
        </Typography.Paragraph>
      </>
    );
  } else if (mode === 'resetRequest') {
    body = (
      <Form layout="vertical" requiredMark={false} onFinish={submitResetRequest} noValidate>
        <Typography.Paragraph>{t('auth.reset.intro')}</Typography.Paragraph>
        {emailItem}
        {formError && <Alert type="error" showIcon title={t(formError)} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={busy === 'sendCode'}>
          {t('auth.reset.sendCode')}
        </Button>
        <Button type="link" block onClick={() => switchTo('signIn')} disabled={disabled} style={{ marginTop: 8 }}>
          {t('auth.reset.back')}
        </Button>
      </Form>
    );
  } else if (mode === 'checkEmail' && pending) {
    body = (
      <div>
        <Typography.Paragraph role="status">
          <strong>{t('auth.checkEmail.intro', { email: pending.email })}</strong>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('auth.checkEmail.hint')}</Typography.Paragraph>
        {info && <Alert type="success" role="status" showIcon title={info} style={{ marginBottom: 16 }} />}
        {formError && <Alert type="error" showIcon title={t(formError)} style={{ marginBottom: 16 }} />}
        <Button block size="large" onClick={() => resendLink(pending.email, pending.type)} loading={busy === 'resend'}>
          {t('auth.checkEmail.resend')}
        </Button>
        <Button type="link" block onClick={() => switchTo('signIn')} disabled={disabled} style={{ marginTop: 8 }}>
          {t('auth.reset.back')}
        </Button>
      </div>
    );
  } else {
    body = (
      <Form layout="vertical" requiredMark={false} onFinish={submitReset} noValidate>
        {info && <Alert type="success" role="status" showIcon title={info} style={{ marginBottom: 12 }} />}
        <Typography.Paragraph>{t('auth.reset.codeIntro', { email: email.trim() })}</Typography.Paragraph>
        {!recoveryVerified && (
          <Form.Item {...fieldProps('code', t('auth.fields.code'))}>
            <Input
              {...inputProps('code', code, setCode)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              autoFocus
              readOnly={disabled}
            />
          </Form.Item>
        )}
        <Form.Item {...fieldProps('newPassword', t('auth.fields.newPassword'))}>
          <Input.Password
            {...inputProps('newPassword', newPassword, setNewPassword)}
            autoComplete="new-password"
            readOnly={disabled}
            iconRender={passwordToggle(t('auth.fields.showPassword'), t('auth.fields.hidePassword'))}
          />
        </Form.Item>
        {formError && <Alert type="error" showIcon title={t(formError)} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block size="large" loading={busy === 'reset'}>
          {t('auth.reset.submit')}
        </Button>
        {!recoveryVerified && (
          <Button
            type="link"
            block
            onClick={() => switchTo('resetRequest')}
            disabled={disabled}
            style={{ marginTop: 8 }}
          >
            {t('auth.reset.resend')}
          </Button>
        )}
      </Form>
    );
  }

  return (
    <AntdProvider>
      <Modal
        open
        title={t(TITLES[mode])}
        onCancel={closeQuery}
        footer={null}
        destroyOnHidden
        centered
        width={440}
        maskClosable={!disabled}
        keyboard={!disabled}
      >
        {body}
      </Modal>
    </AntdProvider>
  );
}

/** The password field's show/hide toggle, named in the page's language (antd's own icon is named after
 *  itself, "eye-invisible", in every language). */
function passwordToggle(show: string, hide: string) {
  return function PasswordToggle(visible: boolean) {
    return (
      <span role="img" aria-label={visible ? hide : show} className="anticon">
        <svg
          viewBox="0 0 24 24"
          width="1em"
          height="1em"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
          <circle cx="12" cy="12" r="3" />
          {!visible && <path d="M3 3l18 18" />}
        </svg>
      </span>
    );
  };
}
