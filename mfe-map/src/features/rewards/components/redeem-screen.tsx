// Partner redemption (`/{hotel}?redeem=CODE`, loaded on demand): partner staff, without an account,
// enter the voucher code (filled in from the guest's QR code), their partner PIN and what the guest
// paid. The database marks the voucher used once, records the spend for the guest's hotel and computes
// the commission; every answer of redeem_voucher is shown as a plain sentence.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../../../lib/utils/types.ts';
import { redeemVoucher, type RedeemAnswer, type RedeemInput, type Redemption } from '../api/redeem-voucher.ts';
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
    if (!/^\d{6,12}$/.test(pin)) bad.pin = t('redeem.badPin');
    if (minor === null) bad.amount = t('redeem.badAmount');
    setInvalid(bad);
    setProblem(null);
    flight.reset();
    if (Object.keys(bad).length > 0 || minor === null) {
      document.getElementById(`${uid}-${Object.keys(bad)[0]}`)?.focus();
      return;
    }
    const answer = await flight.run({ code: c, pin, amountMinor: minor, currency: CURRENCY });
    if (answer?.ok) {
      setDone(answer);
      requestAnimationFrame(() => heading.current?.focus());
    } else if (answer) {
      setProblem({ kind: 'wrongPin', attemptsLeft: answer.attempts_left });
      setPin('');
    }
  };

  // A refusal of the server (used, expired, locked...): shown as its sentence.
  const failure = flight.state.status === 'failed' ? redeemErrorCode(flight.state.error) : null;
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
            <p className="gm-muted gm-small">{t('redeem.reference', { id: done.transaction_id.slice(0, 8) })}</p>
            <button type="button" className="gm-btn-primary" onClick={again}>
              {t('redeem.another')}
            </button>
          </section>
        ) : (
          <form className="gm-redeem-form" onSubmit={(e) => void submit(e)} noValidate>
            <p>{t('redeem.intro')}</p>
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
