// The auth dialog (opened by the shell whenever the query has dialogAuth=true): sign in, create an
// account, Google in a popup, and password reset by a 6-digit code. Every field is checked before
// any request; server errors are mapped from their codes; one request at a time. Where the project
// confirms e-mail addresses (hosted's default), a new account (or a guest's added address) waits for
// the link mailed to it: the dialog says so, offers to send it again, and the link opens the app signed in.
import { Modal } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { AntdProvider } from '../../../lib/components/antd-provider.tsx';
import { useAuthForm, type Mode } from '../hooks/use-auth-form.ts';
import { useAuthActions } from '../hooks/use-auth-actions.ts';
import { CheckEmailStep, ResetCodeStep, ResetRequestStep, SignInStep } from './auth-steps.tsx';

export type { Mode };

const TITLES: Record<Mode, string> = {
  signIn: 'auth.signIn.title',
  signUp: 'auth.signUp.title',
  resetRequest: 'auth.reset.title',
  resetCode: 'auth.reset.title',
  checkEmail: 'auth.checkEmail.title',
};

export function AuthDialog() {
  const { t } = useTranslation('account');
  const f = useAuthForm();
  const a = useAuthActions(f);
  const { mode, pending } = f;

  return (
    <AntdProvider>
      <Modal
        open
        title={t(TITLES[mode])}
        onCancel={a.closeQuery}
        footer={null}
        destroyOnHidden
        centered
        width={440}
        maskClosable={!a.disabled}
        keyboard={!a.disabled}
      >
        {mode === 'signIn' || mode === 'signUp' ? (
          <SignInStep f={f} a={a} />
        ) : mode === 'resetRequest' ? (
          <ResetRequestStep f={f} a={a} />
        ) : mode === 'checkEmail' && pending ? (
          <CheckEmailStep f={f} a={a} pending={pending} />
        ) : (
          <ResetCodeStep f={f} a={a} />
        )}
      </Modal>
    </AntdProvider>
  );
}
