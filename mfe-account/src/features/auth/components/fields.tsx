// Pieces the auth dialog's forms share: the e-mail field, Google's mark, the password field's show/hide toggle.
import { Form, Input } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { AuthForm } from '../hooks/use-auth-form.ts';

export function EmailField({ f, disabled }: { f: AuthForm; disabled: boolean }) {
  const { t } = useTranslation('account');
  return (
    <Form.Item {...f.fieldProps('email', t('auth.fields.email'))}>
      <Input
        {...f.inputProps('email', f.email, f.setEmail)}
        type="email"
        autoComplete={f.mode === 'signUp' ? 'email' : 'username'}
        inputMode="email"
        autoFocus
        readOnly={disabled}
      />
    </Form.Item>
  );
}

export function GoogleIcon() {
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

/** The password field's show/hide toggle, named in the page's language (antd's own icon is named after
 *  itself, "eye-invisible", in every language). */
export function passwordToggle(show: string, hide: string) {
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
