// A sale's amount as typed: minor units of the chosen currency (lib/money.ts `parseMajor`), or why not.
import { parseMajor } from '../../../lib/money.ts';
import type { Currency } from '../../../lib/api/list-currencies.ts';

/** The typed amount in minor units of the chosen currency, or the message key that says why not. */
export function amountOf(
  text: string | undefined,
  currency: Currency | undefined,
): { minor: number } | { problem: string } {
  if (!currency) return { problem: 'errors.invalid_currency' };
  const r = parseMajor(text ?? '', currency.minor_units, currency.max_amount_minor);
  return 'minor' in r ? r : { problem: `money.${r.problem}` };
}
