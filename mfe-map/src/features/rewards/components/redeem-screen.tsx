// Partner redemption (`/{hotel}?redeem=CODE`, loaded on demand): partner staff, without an account,
// enter the voucher code (filled in from the guest's QR code), their partner PIN and what the guest
// paid. The database marks the voucher used once, records the spend for the guest's hotel and computes
// the commission; every answer of redeem_voucher is shown as a plain sentence.
// Till sessions (docs/rewards.md): "keep this till signed in" with the PIN opens a till for 12 hours; this
// device then keeps its token (never the PIN), the PIN field is not asked and "Sign out this till" is shown.
// A till the database refuses (ended, signed out, PIN changed) is forgotten and the PIN is asked again.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../../../lib/utils/types.ts';
import {
  closeTill,
  forgetTill,
  keepTill,
  readTill,
  redeemVoucher,
  type KeptTill,
  type RedeemAnswer,
  type RedeemInput,
  type Redemption,
} from '../api/redeem-voucher.ts';
import { redeemErrorCode, type RedeemError } from '../utils/errors.ts';
import { formatMoney, parseAmount } from '../utils/money.ts';
import { isVoucherCode, normaliseCode } from '../utils/voucher-code.ts';
import { useRewardsCatalogue } from '../locales/catalogue.ts';
import '../rewards.css';

/** Guest spend at partners is recorded in Vietnamese dong (every hotel on Guestmap is in Vietnam today). */
export const CURRENCY = 'VND';

type Field = 'code' | 'pin' | 'amount';
type Problem = { kind: 'error'; code: RedeemError } | { kind: 'wrongPin'; attemptsLeft: number };

interface Props {
  customer: Customer;
  activities: Activity[];
  initialCode: string;
  onBack: () => void;
}

/** Renders once the rewards texts of the page's language are there (they download with the first opening). */
export default function RedeemScreen(props: Props) {
  return useRewardsCatalogue() ? <RedeemScreenTexts {...props} /> : null;
}

function RedeemScreenTexts({ customer, activities, initialCode, onBack }: Props) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const { locale } = usePlatform();
  const supabase = useSupabase();
  const uid = useId();
  const [code, setCode] = useState(normaliseCode(initialCode));
  const [pin, setPin] = useState('');
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<Redemption | null>(null);
  // The till this device keeps for this hotel (its token, partner and end), and the "keep" choice.
  const [till, setTill] = useState<KeptTill | null>(() => readTill(customer.id));
  const [keep, setKeep] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  // One key per redemption (voucher and amount), kept in this tab's sessionStorage until the server
  // answers: a submission without an answer is checked with the same key (at once when the connection
  // returns), and the same voucher and amount typed again after a reload reuse it, so the answer is
  // the first redemption's, never a second one. The PIN is not kept.
  const send = useCallback((input: RedeemInput, key: string) => redeemVoucher(supabase, input, key), [supabase]);
  const flight = useInFlight<RedeemInput, RedeemAnswer>({
    send,
    fingerprint: (i) => JSON.stringify([i.code, i.amountMinor, i.currency]),
    storageKey: `guestmap.redeem.${customer.id}`,
  });
  const busy = flight.state.status === 'sending' || flight.state.status === 'checking';
  const checking = flight.state.status === 'checking';
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${t('redeem.title')} · ${customer.name}`;
  }, [t, customer.name]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const c = normaliseCode(code);
    const minor = parseAmount(amount, CURRENCY);
    const bad: Partial<Record<Field, string>> = {};
    if (!isVoucherCode(c)) bad.code = t('redeem.badCode');
    if (!till && !/^\d{6,12}$/.test(pin)) bad.pin = t('redeem.badPin');
    if (minor === null) bad.amount = t('redeem.badAmount');
    setInvalid(bad);
    setProblem(null);
    setSignedOut(false);
    flight.reset();
    if (Object.keys(bad).length > 0 || minor === null) {
      document.getElementById(`${uid}-${Object.keys(bad)[0]}`)?.focus();
      return;
    }
    const answer = await flight.run(
      till
        ? { code: c, pin: '', amountMinor: minor, currency: CURRENCY, tillToken: till.token }
        : { code: c, pin, amountMinor: minor, currency: CURRENCY, keepTill: keep },
    );
    if (answer?.ok) {
      if (answer.till_token && answer.till_expires_at) {
        const opened = { token: answer.till_token, activityId: answer.activity_id, expiresAt: answer.till_expires_at };
        keepTill(customer.id, opened);
        setTill(opened);
      }
      setKeep(false);
      setPin('');
      setDone(answer);
      requestAnimationFrame(() => heading.current?.focus());
    } else if (answer) {
      setProblem({ kind: 'wrongPin', attemptsLeft: answer.attempts_left });
      setPin('');
    }
  };

  // A refusal of the server (used, expired, locked...): shown as its sentence.
  const failure = flight.state.status === 'failed' ? redeemErrorCode(flight.state.error) : null;
  // The database no longer accepts this device's till: forget it, the PIN field comes back.
  const tillRefused = failure === 'till_signed_out' && till !== null;
  useEffect(() => {
    if (!tillRefused) return;
    forgetTill(customer.id);
    setTill(null);
    requestAnimationFrame(() => document.getElementById(`${uid}-pin`)?.focus());
  }, [tillRefused, customer.id, uid]);

  const signOut = async () => {
    const open = till;
    if (!open) return;
    forgetTill(customer.id);
    setTill(null);
    setProblem(null);
    flight.reset();
    setSignedOut(true);
    // Forgotten here at once; if the server cannot be reached the till still ends after its 12 hours.
    await closeTill(supabase, open.token).catch(() => undefined);
  };
  const tillPartner = till ? activities.find((a) => a.id === till.activityId) : undefined;
  const tillUntil = till
    ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(till.expiresAt))
    : '';
  const tillLine = till
    ? tillPartner
      ? t('redeem.till.signedIn', { partner: pickText(tillPartner.title, locale), time: tillUntil })
      : t('redeem.till.signedInAny', { time: tillUntil })
    : null;
  const shownProblem: Problem | null =
    problem ?? (failure ? { kind: 'error', code: failure } : checking ? { kind: 'error', code: 'network' } : null);

  const again = () => {
    flight.reset();
    setDone(null);
    setCode('');
    setPin('');
    setAmount('');
    setProblem(null);
  };

  const money = (m: number) => formatMoney(m, done?.currency ?? CURRENCY, locale);
  const partner = done ? activities.find((a) => a.id === done.activity_id) : undefined;
  const fieldProps = (f: Field) => ({
    id: `${uid}-${f}`,
    'aria-invalid': invalid[f] ? true : undefined,
    'aria-describedby': invalid[f] ? `${uid}-${f}-error` : undefined,
  });
  const fieldError = (f: Field) =>
    invalid[f] ? (
      <span id={`${uid}-${f}-error`} className="gm-field-error">
        {invalid[f]}
      </span>
    ) : null;

  return (
    <main
      className="gm-customer gm-redeem"
      style={customer.primary_color ? { ['--gm-brand' as string]: customer.primary_color } : undefined}
    >
      <div className="gm-redeem-inner">
        <p className="gm-muted">{customer.name}</p>
        <h1 ref={heading} tabIndex={-1}>
          {done ? t('redeem.doneTitle') : t('redeem.title')}
        </h1>
        {done ? (
          <section className="gm-redeem-done" aria-live="polite">
            <p>{partner ? t('redeem.doneAt', { partner: pickText(partner.title, locale) }) : t('redeem.done')}</p>
            <dl className="gm-redeem-figures">
              <dt>{t('redeem.amount')}</dt>
              <dd>{money(done.amount_minor)}</dd>
              <dt>{t('redeem.commission')}</dt>
              <dd>{money(done.commission_minor)}</dd>
              <dt>{t('redeem.hotelShare', { hotel: customer.name })}</dt>
              <dd>{money(done.hotel_share_minor)}</dd>
              <dt>{t('redeem.platformFee')}</dt>
              <dd>{money(done.platform_fee_minor)}</dd>
            </dl>
            {done.status === 'pending' && (
              <p className="gm-redeem-pending">
                {partner ? t('redeem.pendingAt', { partner: pickText(partner.title, locale) }) : t('redeem.pending')}
              </p>
            )}
            <p className="gm-muted gm-small">{t('redeem.reference', { id: done.transaction_id.slice(0, 8) })}</p>
            {tillLine && <p className="gm-redeem-till">{tillLine}</p>}
            <button type="button" className="gm-btn-primary" onClick={again}>
              {t('redeem.another')}
            </button>
          </section>
        ) : (
          <form className="gm-redeem-form" onSubmit={(e) => void submit(e)} noValidate>
            <p>{till ? t('redeem.till.intro') : t('redeem.intro')}</p>
            {tillLine && (
              <div className="gm-redeem-till">
                <p>{tillLine}</p>
                <button type="button" className="gm-link-btn" onClick={() => void signOut()} disabled={busy}>
                  {t('redeem.till.signOut')}
                </button>
              </div>
            )}
            {signedOut && (
              <p className="gm-muted gm-small" role="status">
                {t('redeem.till.signedOut')}
              </p>
            )}
            <label htmlFor={`${uid}-code`}>{t('redeem.code')}</label>
            <input
              {...fieldProps('code')}
              className="gm-input gm-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={14}
            />
            {fieldError('code')}
            {!till && (
              <>
                <label htmlFor={`${uid}-pin`}>{t('redeem.pin')}</label>
                <input
                  {...fieldProps('pin')}
                  className="gm-input"
                  type="password"
                  inputMode="numeric"
                  autoComplete="off"
                  value={pin}
                  onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
                  maxLength={12}
                />
                {fieldError('pin')}
                <label className="gm-redeem-keep">
                  <input
                    type="checkbox"
                    checked={keep}
                    onChange={(e) => setKeep(e.target.checked)}
                    aria-describedby={`${uid}-keep-hint`}
                  />
                  {t('redeem.till.keep')}
                </label>
                <p id={`${uid}-keep-hint`} className="gm-muted gm-small">
                  {t('redeem.till.keepHint')}
                </p>
              </>
            )}
            <label htmlFor={`${uid}-amount`}>{t('redeem.amountLabel')}</label>
            <input
              {...fieldProps('amount')}
              className="gm-input"
              inputMode="numeric"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="250,000"
            />
            {fieldError('amount')}
            {shownProblem && (
              <p className="gm-rewards-error" role="alert">
                {shownProblem.kind === 'wrongPin'
                  ? shownProblem.attemptsLeft > 0
                    ? t('redeem.errors.wrong_pin', { count: shownProblem.attemptsLeft })
                    : t('redeem.errors.wrong_pin_last')
                  : t(`redeem.errors.${shownProblem.code}`)}
              </p>
            )}
            {checking && (
              <p className="gm-muted gm-small gm-in-flight" role="status">
                {t('redeem.checking')}
              </p>
            )}
            {checking ? (
              // Checking the redemption already sent (same key): pressing it checks now.
              <button type="button" className="gm-btn-primary" onClick={flight.checkNow}>
                {t('redeem.submit')}
              </button>
            ) : (
              <button type="submit" className="gm-btn-primary" disabled={busy} aria-busy={busy}>
                {busy ? t('redeem.busy') : t('redeem.submit')}
              </button>
            )}
          </form>
        )}
        <button type="button" className="gm-link-btn" onClick={onBack}>
          {t('redeem.back', { hotel: customer.name })}
        </button>
      </div>
    </main>
  );
}
