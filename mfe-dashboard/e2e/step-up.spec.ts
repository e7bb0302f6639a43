// Step-up (issue 41, item 7): a partner's staff member with an authenticator app, signed in again with the
// password only (aal1), confirms a sale in the partner portal. The database refuses it (aal2_required), so the
// portal asks for the app's code: a wrong one is refused and the prompt stays; the right one upgrades the
// session (aal2) and the sale is confirmed, as the database (read as the service role) says.
//
// The journey of issue 41, item 7: the staff member enrols an authenticator app in their account settings (a
// code computed here from the setup key the page shows, as the app would), signs out, signs in again through
// the dialog, and confirms a sale with the code. Setup through the API, as real callers: a fresh partner
// business of the hotel (service role, the administrator's rate), a pending sale typed in by the hotel's
// moderator, an account invited by the moderator that accepts.
import { test } from '@playwright/test';
import { totpCode } from '../../local-stack/src/auth/totp.ts';
import {
  API_URL,
  ANON_KEY,
  SERVICE_KEY,
  catalogue,
  passwordSession,
  serviceRest,
  signInAs,
  tr,
} from '../../shell/e2e/support.ts';
import { expect, PASSWORD, signIn, signedInEmail, uniqueEmail } from '../../mfe-account/e2e/support.ts';

const HOTEL = 'hanoi-old-quarter-inn';
const en = catalogue('mfe-dashboard', 'en');

test.describe.configure({ timeout: 180_000 });

type Session = { access_token: string };
/** A call of the API as `session` (auth or REST): its JSON answer, or a thrown failure. */
async function as<T = unknown>(session: Session, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${API_URL}${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
async function serviceJson<T>(p: string, init: RequestInit = {}): Promise<T> {
  const res = await serviceRest(p, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
/** A 6-digit code the app does not show now (nor in the windows either side). */
const wrongCode = (secret: string) => String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');

test("a partner's staff member adds an authenticator app, signs in again and confirms a sale: the code prompt refuses a wrong code, the right one confirms it", async ({
  page,
}) => {
  const admin = (await passwordSession('admin@demo.test')) as Session;
  const moderator = (await passwordSession('innkeeper@demo.test')) as Session;

  // A partner business of the hotel, and a pending sale the hotel typed in.
  const name = `Phở step-up ${Date.now().toString(36)}`;
  const [partner] = await serviceJson<{ id: string }[]>('activities', {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      customer_id: HOTEL,
      slug: `e2e-stepup-${Date.now().toString(36)}`,
      category: 'food',
      title: { en: name, vi: name, fr: name },
      latitude: 21.034,
      longitude: 105.851,
      is_partner: true,
    }),
  });
  const activityId = partner!.id;
  await as(admin, '/rest/v1/rpc/admin_set_commission_rate', { p_activity_id: activityId, p_rate: 0.1 });
  await as(moderator, '/rest/v1/rpc/record_partner_transaction', {
    p_customer_id: HOTEL,
    p_activity_id: activityId,
    p_amount_minor: 210_000,
    p_currency: 'VND',
    p_idempotency_key: `e2e-stepup-${activityId}`,
  });
  const statusOfSale = async () =>
    (
      await serviceJson<{ status: string }[]>(
        `partner_transactions?activity_id=eq.${activityId}&amount_minor=eq.210000&select=status`,
      )
    ).map((r) => r.status);
  expect(await statusOfSale()).toEqual(['pending']);

  // The partner's staff member: an account, invited by the moderator, accepts.
  const email = uniqueEmail('stepup');
  const created = await fetch(`${API_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, email_confirm: true }),
  });
  expect(created.ok).toBe(true);
  await as(moderator, '/rest/v1/rpc/invite_partner_staff', { p_activity_id: activityId, p_email: email });
  const staff = (await passwordSession(email, PASSWORD)) as Session;
  const [invitation] = await serviceJson<{ id: string }[]>(
    `invitations?email=eq.${encodeURIComponent(email)}&partner_id=eq.${activityId}&select=id`,
  );
  await as(staff, '/rest/v1/rpc/accept_invitation', { p_invitation_id: invitation!.id });

  // Enrols an authenticator app in their account settings, as its owner would: the QR code's setup key into
  // the app, then the code the app shows. The account now has a verified factor (the auth API says so).
  await signInAs(page, email, PASSWORD);
  await page.goto('/user/settings');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('mfa-secret').textContent())!.trim();
  await section.getByLabel('6-digit code from the app').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('Authenticator app on')).toBeVisible();
  const again = (await passwordSession(email, PASSWORD)) as Session & { user: { factors?: { status: string }[] } };
  expect(again.user.factors?.map((f) => f.status)).toEqual(['verified']);

  // Signs out, and in again through the sign-in dialog with the password only: an aal1 session.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect.poll(() => signedInEmail(page)).toBeNull();
  await signIn(page, email, PASSWORD);
  await page.goto(`/partner?partner=${activityId}`);
  const item = page.getByTestId('portal-pending-item').filter({ hasText: /210/ });
  await expect(item).toHaveCount(1, { timeout: 30_000 });
  await item.getByRole('button', { name: tr(en, 'partnerPortal.confirm') }).click();

  // The database refused (aal2_required): the portal asks for the code.
  const prompt = page.getByRole('dialog', { name: tr(en, 'stepUp.title') });
  await expect(prompt).toBeVisible();
  const code = prompt.getByLabel(tr(en, 'stepUp.codeLabel'));
  await code.fill(wrongCode(secret));
  await prompt.getByRole('button', { name: tr(en, 'stepUp.verify') }).click();
  await expect(prompt.getByText(tr(en, 'stepUp.wrongCode'))).toBeVisible();
  await expect(prompt).toBeVisible();
  expect(await statusOfSale()).toEqual(['pending']);

  // The right code: the session is aal2 and the sale is confirmed without a second click.
  await code.fill(totpCode(secret));
  await prompt.getByRole('button', { name: tr(en, 'stepUp.verify') }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByText(tr(en, 'partnerPortal.confirmed'))).toBeVisible();
  await expect.poll(statusOfSale).toEqual(['confirmed']);
});
