// Partner redemption (`/{hotel}?redeem=CODE`, loaded on demand): partner staff, without an account,
// enter the voucher code (filled in from the guest's QR code), their partner PIN and what the guest
// paid. The database marks the voucher used once, records the spend for the guest's hotel and computes
// the commission; every answer of redeem_voucher is shown as a plain sentence.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../../places/utils/types.ts';
import { redeemVoucher, type Redemption } from '../api/redeem-voucher.ts';
import { redeemErrorCode, type RedeemError } from '../utils/errors.ts';
import { newIdempotencyKey } from '../utils/keys.ts';
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
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<Redemption | null>(null);
  // The key of a submission that got no answer: a retry of the very same submission reuses it.
  const unanswered = useRef<{ fingerprint: string; key: string } | null>(null);
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
    if (Object.keys(bad).length > 0 || minor === null) {
      document.getElementById(`${uid}-${Object.keys(bad)[0]}`)?.focus();
      return;
    }
    const fingerprint = JSON.stringify([c, pin, minor]);
    const key = unanswered.current?.fingerprint === fingerprint ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { fingerprint, key };
    setBusy(true);
    try {
      const answer = await redeemVoucher(supabase, { code: c, pin, amountMinor: minor, currency: CURRENCY }, key);
      unanswered.current = null;
      if (answer.ok) {
        setDone(answer);
        requestAnimationFrame(() => heading.current?.focus());
      } else {
        setProblem({ kind: 'wrongPin', attemptsLeft: answer.attempts_left });
        setPin('');
      }
    } catch (err) {
      const codeOf = redeemErrorCode(err);
      if (codeOf !== 'network') unanswered.current = null;
      setProblem({ kind: 'error', code: codeOf });
    } finally {
      setBusy(false);
    }
  };

  const again = () => {
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
            {problem && (
              <p className="gm-rewards-error" role="alert">
                {problem.kind === 'wrongPin'
                  ? problem.attemptsLeft > 0
                    ? t('redeem.errors.wrong_pin', { count: problem.attemptsLeft })
                    : t('redeem.errors.wrong_pin_last')
                  : t(`redeem.errors.${problem.code}`)}
              </p>
            )}
            <button type="submit" className="gm-btn-primary" disabled={busy} aria-busy={busy}>
              {busy ? t('redeem.busy') : t('redeem.submit')}
            </button>
          </form>
        )}
        <button type="button" className="gm-link-btn" onClick={onBack}>
          {t('redeem.back', { hotel: customer.name })}
        </button>
      </div>
    </main>
  );
}
