// A contact message whose answer is lost (issue 32): the message reached the database, the connection
// dropped before the answer came back. The dialog says it is checking; when the connection returns it
// confirms the message was sent, and the check (the same request id) never stores it twice.
import { test } from '@playwright/test';
import { dropDuringWrite, serviceCount } from '../../shell/e2e/support.ts';
import { expect } from './support.ts';

test('the connection drops while a message is sent: "checking", then "sent" when it returns; stored once', async ({
  page,
}) => {
  const email = `inflight+${Date.now()}@riverside-test.vn`;
  const stored = () => serviceCount(`contact_messages?select=id&email=eq.${encodeURIComponent(email)}`);
  const drop = await dropDuringWrite(page, (u) => u.pathname === '/rest/v1/contact_messages');
  await page.goto('/hotels');
  await page.locator('#contact').getByRole('button', { name: 'Contact us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact us' });
  await dialog.getByLabel('Name').fill('Anna');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Message').fill('Do you have a pilot for a 40-room hotel?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(
    dialog.getByRole('status').filter({ hasText: 'Connection lost. Checking whether your message was sent…' }),
  ).toBeVisible({ timeout: 10_000 }); // at once in the product; room for a loaded runner;
  expect(drop.applied()).toBe(true);
  expect(await stored()).toBe(1);
  // Nothing said yet about success or failure, and what the user wrote is still there.
  await expect(page.getByText('Thank you! Your message has been sent.')).toHaveCount(0);
  await expect(page.getByText('Your message could not be sent.')).toHaveCount(0);
  await expect(dialog.getByLabel('Message')).toHaveValue('Do you have a pilot for a 40-room hotel?');

  await drop.reconnect();
  await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(await stored()).toBe(1);
  const ids = drop.bodies.map((b) => (b as { request_id: string }).request_id);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ids).size).toBe(1);
});
