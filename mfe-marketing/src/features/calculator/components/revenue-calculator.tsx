// The revenue calculator of the Hotels page. Results follow every keystroke; a field that does not
// validate shows why (in the user's language) and the results keep the last valid figures.
import { useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import {
  computeRevenue,
  DAILY_SPENDING,
  DEFAULT_INPUT,
  HOTEL_CATEGORIES,
  REVENUE_SOURCES,
  PERIOD_DAYS,
  type RevenueInput,
  type RevenueSource,
  type HotelCategory,
} from '../utils/revenue.ts';
import { validateCalculator, type CalculatorForm, type FieldError, type FieldName } from '../utils/validate.ts';
import { formatMoney } from '../../../lib/utils/format.ts';

const initialForm: CalculatorForm = {
  customersPerMonth: String(DEFAULT_INPUT.customersPerMonth),
  category: DEFAULT_INPUT.category,
  sources: [...DEFAULT_INPUT.sources],
  commissionRate: String(DEFAULT_INPUT.commissionRate),
  engagementRate: String(DEFAULT_INPUT.engagementRate),
  reinvestmentPct: String(DEFAULT_INPUT.reinvestmentPct),
};

export function RevenueCalculator() {
  const { t } = useTranslation('marketing');
  const { locale } = usePlatform();
  const [form, setForm] = useState<CalculatorForm>(initialForm);
  const [input, setInput] = useState<RevenueInput>(DEFAULT_INPUT);
  const validation = validateCalculator(form);
  const errors = validation.errors;
  const result = computeRevenue(input);
  const money = (v: number) => formatMoney(v, locale);

  const update = (patch: Partial<CalculatorForm>) => {
    const next = { ...form, ...patch };
    setForm(next);
    const v = validateCalculator(next);
    if (v.ok) setInput(v.input);
  };
  const errorText = (e: FieldError | undefined) => (e ? t(`calculator.errors.${e.key}`, e.values ?? {}) : null);

  const numberField = (name: Exclude<FieldName, 'sources' | 'category'>, suffix?: string) => {
    const id = `gmk-calc-${name}`;
    const err = errors[name];
    return (
      <div className="gmk-field">
        <label htmlFor={id}>{t(`calculator.fields.${name}.label`)}</label>
        <div className="gmk-input-suffix">
          <input
            id={id}
            className="gmk-input"
            inputMode={name === 'customersPerMonth' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={form[name]}
            aria-invalid={err ? true : undefined}
            aria-describedby={`${id}-hint${err ? ` ${id}-error` : ''}`}
            onChange={(e) => update({ [name]: e.target.value })}
          />
          {suffix && <span aria-hidden="true">{suffix}</span>}
        </div>
        <p className="gmk-hint" id={`${id}-hint`}>
          {t(`calculator.fields.${name}.hint`)}
        </p>
        {err && (
          <p className="gmk-error" id={`${id}-error`}>
            {errorText(err)}
          </p>
        )}
      </div>
    );
  };

  const toggleSource = (s: RevenueSource, on: boolean) =>
    update({ sources: on ? [...form.sources, s] : form.sources.filter((x) => x !== s) });

  return (
    <div className="gmk-calc">
      <form
        className="gmk-card gmk-form"
        onSubmit={(e) => e.preventDefault()}
        aria-label={t('calculator.formLabel')}
        noValidate
      >
        {numberField('customersPerMonth')}
        <div className="gmk-field">
          <fieldset>
            <legend>{t('calculator.fields.category.label')}</legend>
            <div className="gmk-choices">
              {HOTEL_CATEGORIES.map((c: HotelCategory) => (
                <label key={c} className="gmk-choice">
                  <input
                    type="radio"
                    name="gmk-calc-category"
                    value={c}
                    checked={form.category === c}
                    onChange={() => update({ category: c })}
                  />
                  <span>{t(`calculator.categories.${c}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className="gmk-field">
          <fieldset aria-describedby={errors.sources ? 'gmk-calc-sources-error' : undefined}>
            <legend>{t('calculator.fields.sources.label')}</legend>
            <div className="gmk-choices">
              {REVENUE_SOURCES.map((s) => (
                <label key={s} className="gmk-choice">
                  <input
                    type="checkbox"
                    value={s}
                    checked={form.sources.includes(s)}
                    onChange={(e) => toggleSource(s, e.target.checked)}
                  />
                  <span>{t(`calculator.sources.${s}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          {errors.sources && (
            <p className="gmk-error" id="gmk-calc-sources-error">
              {errorText(errors.sources)}
            </p>
          )}
        </div>
        {numberField('commissionRate', '%')}
        {numberField('engagementRate', '%')}
        {numberField('reinvestmentPct', '%')}
      </form>

      <div className="gmk-card gmk-results" aria-labelledby="gmk-calc-results-title">
        <h3 id="gmk-calc-results-title">{t('calculator.results.title')}</h3>
        <dl>
          <div className="gmk-big">
            <dt>{t('calculator.results.monthly')}</dt>
            <dd data-testid="calc-monthly" aria-live="polite">
              {money(result.monthly.revenue)}
            </dd>
          </div>
          <dt>{t('calculator.results.yearly')}</dt>
          <dd data-testid="calc-yearly">{money(result.yearly.revenue)}</dd>
          <dt>{t('calculator.results.hotelShare')}</dt>
          <dd data-testid="calc-hotel">{money(result.monthly.hotelShare)}</dd>
          <dt>{t('calculator.results.platformFee')}</dt>
          <dd data-testid="calc-platform">{money(result.monthly.platformFee)}</dd>
          <dt>{t('calculator.results.reinvestment')}</dt>
          <dd data-testid="calc-reinvestment">− {money(result.monthly.reinvestment)}</dd>
          <dt className="gmk-net">{t('calculator.results.net')}</dt>
          <dd className="gmk-net" data-testid="calc-net">
            {money(result.monthly.netEarnings)}
          </dd>
          <dt>{t('calculator.results.netYearly')}</dt>
          <dd data-testid="calc-net-yearly">{money(result.yearly.netEarnings)}</dd>
        </dl>
        {!validation.ok && (
          <p className="gmk-stale" role="status">
            {t('calculator.results.stale')}
          </p>
        )}
        <p className="gmk-hint" style={{ marginTop: 12 }}>
          {t('calculator.results.formula', { days: PERIOD_DAYS, daily: money(result.dailySpending) })}
        </p>
      </div>

      <div className="gmk-table-wrap" style={{ gridColumn: '1 / -1' }}>
        <table className="gmk-table">
          <caption>
            {t('calculator.assumptions.title')}
            <span className="gmk-hint" style={{ display: 'block', fontWeight: 400 }}>
              {t('calculator.assumptions.note')}
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('calculator.fields.category.label')}</th>
              {REVENUE_SOURCES.map((s) => (
                <th key={s} scope="col">
                  {t(`calculator.sources.${s}`)}
                </th>
              ))}
              <th scope="col">{t('calculator.assumptions.total')}</th>
            </tr>
          </thead>
          <tbody>
            {HOTEL_CATEGORIES.map((c) => (
              <tr
                key={c}
                aria-current={c === input.category ? 'true' : undefined}
                style={c === input.category ? { background: 'var(--gmk-tint)' } : undefined}
              >
                <th scope="row">{t(`calculator.categories.${c}`)}</th>
                {REVENUE_SOURCES.map((s) => (
                  <td key={s}>{formatMoney(DAILY_SPENDING[c][s], locale, true)}</td>
                ))}
                <td>
                  {formatMoney(
                    REVENUE_SOURCES.reduce((n, s) => n + DAILY_SPENDING[c][s], 0),
                    locale,
                    true,
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
