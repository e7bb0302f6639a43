// The calculator component in jsdom, with the real English catalogue and a platform context that
// provides what it reads (the locale): results follow valid input only.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { PlatformContext, type Platform } from '@guestmap/shared-ui/contracts';
import en from '../../../locales/en.json';
import { RevenueCalculator } from './revenue-calculator.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { marketing: en } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

function renderCalculator() {
  const platform = { locale: 'en-US' } as Platform;
  return render(
    <I18nextProvider i18n={i18n}>
      <PlatformContext.Provider value={platform}>
        <RevenueCalculator />
      </PlatformContext.Provider>
    </I18nextProvider>,
  );
}

describe('RevenueCalculator', () => {
  it('shows the defaults, updates as the user types and ignores invalid input', () => {
    renderCalculator();
    const monthly = () => screen.getByTestId('calc-monthly').textContent;
    expect(monthly()).toBe('$24,300.00');
    fireEvent.change(screen.getByLabelText('Customers per month'), { target: { value: '600' } });
    expect(monthly()).toBe('$48,600.00');
    expect(screen.getByTestId('calc-net').textContent).toBe('$34,992.00');
    fireEvent.change(screen.getByLabelText('Customers per month'), { target: { value: '6x' } });
    expect(screen.getByText('Enter a whole number, for example 300')).toBeTruthy();
    expect(monthly()).toBe('$48,600.00');
    fireEvent.click(screen.getByLabelText('Budget'));
    expect(monthly()).toBe('$48,600.00');
    fireEvent.change(screen.getByLabelText('Customers per month'), { target: { value: '600' } });
    // 600 × 50 × 10% × 30% × 30
    expect(monthly()).toBe('$27,000.00');
  });
});
