// Helpers for the account remote's browser tests: fresh users, the local inbox, common steps.
import { expect as baseExpect, type Page } from '@playwright/test';
import { state } from '../../shell/e2e/shell-support.ts';
import { dialogOpened } from '../../shell/e2e/support.ts';

/** Remote screens load over Module Federation on a machine shared with other builds: 30 s budgets. */
export const expect = baseExpect.configure({ timeout: 30_000 });

export const INBOX = `http://127.0.0.1:${process.env.SUPABASE_INBOX_PORT ?? '54324'}`;
export const API = `http://127.0.0.1:${process.env.SUPABASE_API_PORT ?? '54321'}`;
export const PASSWORD = 'demo-pass-123';

export const uniqueEmail = (tag = 'e2e') =>
  `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Opens the auth dialog on a page (English unless a locale is given). */
export async function openDialog(page: Page, path = '/', locale = 'en-US') {
  await page.addInitScript((l) => {
    if (!sessionStorage.getItem('gm-e2e-locale-set')) {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('gm-e2e-locale-set', '1');
    }
  }, locale);
  const sep = path.includes('?') ? '&' : '?';
  await page.goto(`${path}${sep}dialogAuth=true`);
  // Drawn and done opening: a click during antd's zoom-in was lost (no "This field is required" after a click on
  // Sign in, once in the clean-clone run of 2026-12-03 08:02).
  await dialogOpened(page.getByRole('dialog'));
}

type InboxList = { messages?: Array<{ ID: string; To?: Array<{ Address: string }>; Created?: string }> };
type InboxMail = { Text?: string; HTML?: string; Subject?: string };

/** Mails to `email` (newest first, sent at or after `after`), read through the inbox's API. */
export async function mailsTo(email: string, after: number): Promise<InboxMail[]> {
  const list = (await (await fetch(`${INBOX}/api/v1/messages`)).json()) as InboxList;
  const mine = (list.messages ?? []).filter(
    (m) =>
      (m.To ?? []).some((t) => t.Address.toLowerCase() === email.toLowerCase()) &&
      (!after || !m.Created || Date.parse(m.Created) >= after - 2000),
  );
  return Promise.all(
    mine.map(async (m) => (await (await fetch(`${INBOX}/api/v1/message/${m.ID}`)).json()) as InboxMail),
  );
}

/** How many mails `email` received at or after `after` (no polling: for "nothing was sent"). */
export async function mailCount(email: string, after: number): Promise<number> {
  return (await mailsTo(email, after)).length;
}

const VERIFY_LINK = /https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/;

/** The newest 6-digit reset code mailed to `email` (polls the inbox; confirmation mails, which carry a link, are skipped). */
export async function codeFromInbox(email: string, after = 0): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const mail = (await mailsTo(email, after)).find((m) => !VERIFY_LINK.test(m.Text ?? ''));
        const m = mail ? /\b(\d{6})\b/.exec(`${mail.Subject ?? ''} ${mail.Text ?? ''} ${mail.HTML ?? ''}`) : null;
        found = m?.[1] ?? '';
        return found;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return found;
}

/** The confirmation link of the newest mail to `email` that has one (polls the inbox). */
export async function linkFromInbox(email: string, after = 0): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        for (const mail of await mailsTo(email, after)) {
          const m = VERIFY_LINK.exec(mail.Text ?? '');
          if (m) return (found = m[0]);
        }
        return '';
      },
      { timeout: 15_000 },
    )
    .toMatch(/\/auth\/v1\/verify\?/);
  return found;
}

/** The shell's store state (exposed for diagnostics and tests). */
export async function shellState<
  T = {
    auth: { status: string; user: { id: string; email: string } | null; profile: Record<string, unknown> | null };
    ui: { locale: string };
  },
>(page: Page): Promise<T> {
  return (await state(page)) as unknown as T;
}

export async function signedInEmail(page: Page): Promise<string | null> {
  const s = await shellState(page);
  return s.auth.user?.email ?? null;
}

/**
 * Signs a fresh account up through the dialog, then confirms it as its owner would: the link mailed to
 * the address, read from the local inbox, opened in the same tab (the app opens signed in). Returns its e-mail.
 */
export async function signUpFresh(page: Page, opts: { nickname?: string; path?: string } = {}): Promise<string> {
  const email = uniqueEmail();
  await openDialog(page, opts.path ?? '/');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('dialog', { name: 'Create account' })).toBeVisible();
  await dialog.getByLabel('Nickname').fill(opts.nickname ?? 'E2E Tester');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('checkbox', { name: 'I accept the terms and privacy policy' }).check();
  const sentAt = Date.now();
  await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Check your e-mail' })).toBeVisible();
  await page.goto(await linkFromInbox(email, sentAt));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => signedInEmail(page)).toBe(email);
  return email;
}

export async function signIn(page: Page, email: string, password = PASSWORD, path = '/') {
  await openDialog(page, path);
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect.poll(() => signedInEmail(page)).toBe(email);
}

/** The Supabase CLI's well-known local anon key (public by design; the local stack uses it). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** Signs an account up straight through the auth API (no UI), unconfirmed; returns its id. */
export async function signUpViaApi(
  email: string,
  password = PASSWORD,
  data: Record<string, unknown> = { nickname: 'API User', language: 'en-US' },
): Promise<string> {
  const r = await fetch(`${API}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, data }),
  });
  const body = (await r.json()) as { user?: { id: string }; id?: string };
  if (!r.ok) throw new Error(`signup failed: ${r.status} ${JSON.stringify(body)}`);
  return body.user?.id ?? body.id!;
}

/**
 * Creates a confirmed account through the auth API (no UI); returns its id. It is confirmed through the
 * real inbox (the mailed link, requested as a browser would), not the admin API: the tests need no service key.
 */
export async function createUserViaApi(
  email: string,
  password = PASSWORD,
  data: Record<string, unknown> = { nickname: 'API User', language: 'en-US' },
): Promise<string> {
  const sentAt = Date.now();
  const id = await signUpViaApi(email, password, data);
  const hop = await fetch(await linkFromInbox(email, sentAt), { redirect: 'manual' });
  if (!/[#&]access_token=/.test(hop.headers.get('location') ?? ''))
    throw new Error(`confirming ${email} failed: ${hop.status} ${hop.headers.get('location')}`);
  return id;
}

/** True when the password signs that account in (checked against the auth API). */
export async function passwordWorks(email: string, password: string): Promise<boolean> {
  const r = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return r.ok;
}

/** An auth error answer exactly as GoTrue sends it. */
export const authErrorResponse = (status: number, code: string, message: string) => ({
  status,
  contentType: 'application/json',
  headers: {
    'x-supabase-api-version': '2024-01-01',
    'access-control-allow-origin': '*',
    'access-control-expose-headers': 'x-supabase-api-version',
  },
  body: JSON.stringify({ code, message }),
});
