// About 260 lines, kept whole: every flow shares the form, the busy flag, the error mapping and where to go next.
// What the auth dialog does: sign in, create an account (or give a guest's account an address), Google
// in a popup, reset a password by a mailed code, wait for a confirmation link (finishing when it is opened
// in another tab) and send it again. One request at a time; server errors are mapped from their codes.
import { useEffect, useRef } from 'react';
import { useTranslation, isRouteName, usePlatform, useSupabase, useSearchParams } from '@guestmap/shared-ui/contracts';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { authErrorField, authErrorKey } from '../../../lib/utils/errors.ts';
import {
  validateCode,
  validateEmail,
  validateNickname,
  validatePassword,
  validateTerms,
  type ValidationKey,
} from '../../../lib/utils/validation.ts';
import { signInWithGooglePopup } from '../api/google-popup.ts';
import { updateGuestProfile } from '../api/update-guest-profile.ts';
import type { AuthForm } from './use-auth-form.ts';

export function useAuthActions(f: AuthForm) {
  const { t } = useTranslation('account');
  const { locale, navigateTo, hrefFor, toast, signOut, user, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const [params, setParams] = useSearchParams();
  const { busy, run } = useBusy('auth');
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );
  const { mode, email, password, nickname, terms, code, newPassword, recoveryVerified, pending } = f;
  const { setMode, setErrors, setFormError, setInfo, setCode, setRecoveryVerified, setPending, switchTo, check } = f;

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
          await updateGuestProfile(supabase, user.id, { displayName: nickname.trim(), language: locale });
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

  return {
    busy,
    disabled: busy !== null,
    closeQuery,
    resendLink,
    submitSignIn,
    submitSignUp,
    submitResetRequest,
    submitReset,
    google,
  };
}

export type AuthActions = ReturnType<typeof useAuthActions>;
