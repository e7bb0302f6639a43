// A hotel's address in its settings (issue 43 item 1, docs/addresses.md), against the local stack (PGlite with the
// seed; project "screens" in vitest.config.ts), signed in as the seeded hotel's moderator and reading the
// dashboard in Korean: what is saved is what the database then holds and what the form shows; a street too long
// for the database is refused in Korean and nothing is sent; "Propose from the pin" with no ward boundary says so
// and changes nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import koKR from 'antd/locale/ko_KR';
import { HOTEL, renderScreen, startStack, type TestStack } from '../../../test/render-dashboard.tsx';
import { Themed, WithCustomer } from '../../../lib/frame.tsx';
import { CustomerSettingsForm } from './customer-settings-form.tsx';

const WAIT = { timeout: 60_000 };
const ADDRESS = 'street, ward_code, old_ward, old_district, ward_needs_review, updated_at' as const;

let stack: TestStack;
const addressRow = async () => (await stack.service().from('customers').select(ADDRESS).eq('id', HOTEL).single()).data!;
let before: Awaited<ReturnType<typeof addressRow>>;
/** Puts the seeded address back. */
const putBack = async () => {
  const { updated_at: _, ...address } = before;
  await stack.service().from('customers').update(address).eq('id', HOTEL);
};

beforeAll(async () => {
  stack = startStack();
  before = await addressRow();
});
afterEach(cleanup);
afterAll(putBack);

/** The settings screen in Korean, once the hotel's row is in the form; `writes` lists the updates of customers. */
async function openSettings() {
  const writes: string[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    if (url.includes('/rest/v1/customers') && method === 'PATCH') writes.push(url);
    return realFetch(input, init);
  };
  try {
    const form = (
      <Themed>
        <WithCustomer>{(customer, saved) => <CustomerSettingsForm customer={customer} onSaved={saved} />}</WithCustomer>
      </Themed>
    );
    const page = await renderScreen(form, {
      stack,
      as: 'moderator',
      route: 'CustomerSettings',
      language: 'ko',
    });
    const t = (key: string) => page.i18n.t(`dashboard:${key}`);
    const field = (key: string) => screen.getByLabelText<HTMLInputElement>(t(key));
    await waitFor(() => expect(field('address.street').value).toBe(before.street), WAIT);
    return { page, t, field, writes, restore: () => (globalThis.fetch = realFetch) };
  } catch (e) {
    globalThis.fetch = realFetch;
    throw e;
  }
}

describe("a hotel's address in its settings", { timeout: 120_000 }, () => {
  it('saves the new and old forms: the database holds them, trimmed, and the form shows what it holds', async () => {
    const { page, t, field, restore } = await openSettings();
    try {
      // The ward chosen from the official list, by name.
      const ward = field('address.ward');
      fireEvent.mouseDown(ward);
      fireEvent.change(ward, { target: { value: 'Bến Thành' } });
      fireEvent.click(await screen.findByTitle('Phường Bến Thành, Thành phố Hồ Chí Minh', undefined, WAIT));
      fireEvent.change(field('address.street'), { target: { value: '  135 Nam Kỳ Khởi Nghĩa  ' } });
      fireEvent.change(field('address.oldWard'), { target: { value: 'Phường Bến Thành' } });
      fireEvent.change(field('address.oldDistrict'), { target: { value: ' Quận 1 ' } });
      fireEvent.click(field('address.needsReview'));
      fireEvent.click(screen.getByRole('button', { name: t('form.save') }));
      await waitFor(() => expect(page.toasts).toContainEqual({ type: 'success', message: t('settings.saved') }), WAIT);
      const row = await addressRow();
      expect(row).toMatchObject({
        street: '135 Nam Kỳ Khởi Nghĩa',
        ward_code: '26743',
        old_ward: 'Phường Bến Thành',
        old_district: 'Quận 1',
        ward_needs_review: !before.ward_needs_review,
      });
      await waitFor(() => expect(field('address.oldDistrict').value).toBe(row.old_district), WAIT);
      expect(field('address.street').value).toBe(row.street);
      expect(field('address.oldWard').value).toBe(row.old_ward);
      expect(field('address.needsReview').checked).toBe(row.ward_needs_review);
    } finally {
      restore();
      await putBack();
    }
  });

  it('a street longer than the database takes is refused in Korean; nothing is sent, the row is unchanged', async () => {
    const start = await addressRow();
    const { page, t, field, writes, restore } = await openSettings();
    try {
      fireEvent.change(field('address.street'), { target: { value: `${'1'.repeat(195)} Lê Lợi` } });
      fireEvent.click(screen.getByRole('button', { name: t('form.save') }));
      const message = String(koKR.Form!.defaultValidateMessages!.string!.max)
        .replace('${label}', t('address.street'))
        .replace('${max}', '200');
      await screen.findByText(message, undefined, WAIT);
      // A moment for any write that would have gone out.
      await new Promise((r) => setTimeout(r, 1000));
      expect(writes).toEqual([]);
      expect(page.toasts.filter((x) => x.type === 'success')).toEqual([]);
      expect(await addressRow()).toEqual(start);
    } finally {
      restore();
    }
  });

  it('"Propose from the pin" where no ward boundary holds it says so in Korean and changes nothing', async () => {
    const { t, field, restore } = await openSettings();
    try {
      fireEvent.click(screen.getByRole('button', { name: t('address.fromPin') }));
      expect((await screen.findByRole('status', undefined, WAIT)).textContent).toBe(t('address.noBoundary'));
      expect(field('address.oldWard').value).toBe(before.old_ward);
      expect(field('address.oldDistrict').value).toBe(before.old_district);
      expect(field('address.needsReview').checked).toBe(before.ward_needs_review);
    } finally {
      restore();
    }
  });
});
