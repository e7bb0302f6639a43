// The auth dialog's steps: sign in or create an account, ask for a reset code, enter the code and a new
// password, wait for a confirmation link. Each draws the form state and calls the dialog's actions.
import { Alert, Button, Checkbox, Divider, Form, Input, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { AuthForm } from '../hooks/use-auth-form.ts';
import type { AuthActions } from '../hooks/use-auth-actions.ts';
import { EmailField, GoogleIcon, passwordToggle } from './fields.tsx';

interface StepProps {
  f: AuthForm;
  a: AuthActions;
}

/** Sign in, or (mode signUp) create an account: Google first, then the e-mail form. */
export function SignInStep({ f, a }: StepProps) {
  const { t } = useTranslation('account');
  const { hrefFor } = usePlatform();
  const { mode, nickname, setNickname, password, setPassword, terms, setTerms, errors, setErrors } = f;
  const { formError, info, email, id, fieldProps, inputProps, switchTo } = f;
  const { busy, disabled, google, submitSignIn, submitSignUp, resendLink } = a;
  const signUp = mode === 'signUp';
  return (
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
        <EmailField f={f} disabled={disabled} />
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
}

/** Ask for a password reset code by e-mail. */
export function ResetRequestStep({ f, a }: StepProps) {
  const { t } = useTranslation('account');
  const { formError, switchTo } = f;
  const { busy, disabled, submitResetRequest } = a;
  return (
    <Form layout="vertical" requiredMark={false} onFinish={submitResetRequest} noValidate>
      <Typography.Paragraph>{t('auth.reset.intro')}</Typography.Paragraph>
      <EmailField f={f} disabled={disabled} />
      {formError && <Alert type="error" showIcon title={t(formError)} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block size="large" loading={busy === 'sendCode'}>
        {t('auth.reset.sendCode')}
      </Button>
      <Button type="link" block onClick={() => switchTo('signIn')} disabled={disabled} style={{ marginTop: 8 }}>
        {t('auth.reset.back')}
      </Button>
    </Form>
  );
}

/** Waiting for the confirmation link mailed to `pending.email`. */
export function CheckEmailStep({ f, a, pending }: StepProps & { pending: NonNullable<AuthForm['pending']> }) {
  const { t } = useTranslation('account');
  const { info, formError, switchTo } = f;
  const { busy, disabled, resendLink } = a;
  return (
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
}

/** Enter the mailed code (until it is verified) and a new password. */
export function ResetCodeStep({ f, a }: StepProps) {
  const { t } = useTranslation('account');
  const { info, email, recoveryVerified, code, setCode, newPassword, setNewPassword, formError, switchTo } = f;
  const { fieldProps, inputProps } = f;
  const { busy, disabled, submitReset } = a;
  return (
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
        <Button type="link" block onClick={() => switchTo('resetRequest')} disabled={disabled} style={{ marginTop: 8 }}>
          {t('auth.reset.resend')}
        </Button>
      )}
    </Form>
  );
}
