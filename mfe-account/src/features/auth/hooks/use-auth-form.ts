// The auth dialog's form state: which step it shows, what was typed, the errors found (per field and
// for the form), and the props that tie an antd field to its label and error for assistive technology.
import { createElement, useId, useState } from 'react';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { hasErrors, type Errors } from '../../../lib/utils/validation.ts';

export type Mode = 'signIn' | 'signUp' | 'resetRequest' | 'resetCode' | 'checkEmail';
export type Field = 'email' | 'password' | 'nickname' | 'terms' | 'code' | 'newPassword';

export function useAuthForm() {
  const { t } = useTranslation('account');
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
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;

  const switchTo = (m: Mode) => {
    setMode(m);
    setErrors({});
    setFormError(null);
    if (m !== 'resetCode') setInfo(null);
  };

  /** Shows the errors found; true when there are none. */
  const check = (e: Errors<Field>) => {
    setErrors(e);
    setFormError(null);
    return !hasErrors(e);
  };

  const fieldProps = (f: Field, label: string) => ({
    label,
    htmlFor: id(f),
    validateStatus: errors[f] ? ('error' as const) : undefined,
    help: errors[f] ? createElement('span', { id: id(`${f}-help`) }, t(errors[f]!)) : undefined,
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

  return {
    mode,
    setMode,
    email,
    setEmail,
    password,
    setPassword,
    nickname,
    setNickname,
    terms,
    setTerms,
    code,
    setCode,
    newPassword,
    setNewPassword,
    errors,
    setErrors,
    formError,
    setFormError,
    info,
    setInfo,
    recoveryVerified,
    setRecoveryVerified,
    pending,
    setPending,
    id,
    switchTo,
    check,
    fieldProps,
    inputProps,
  };
}

export type AuthForm = ReturnType<typeof useAuthForm>;
