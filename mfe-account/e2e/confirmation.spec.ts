// E-mail confirmation (issue #26): the project confirms addresses before they count, as hosted Supabase
// does. Signing up shows where the link went; the link, read from the local inbox's API, opens the app
// signed in; signing in before confirming says so in the user's language and can send the link again.
import { test } from '@playwright/test';
import {
  linkFromInbox,
  mailCount,
  openDialog,
  PASSWORD,
  signedInEmail,
  signUpViaApi,
  uniqueEmail,
  expect,
} from './support.ts';

// The machine is shared with other engineers' builds and tests: generous budgets, no sleeps.
test.describe.configure({ timeout: 180_000 });

test('sign up in the dialog, check your e-mail, the mailed link opens the app signed in', async ({ page }) => {
  const email = uniqueEmail('confirm');
  await openDialog(page, '/about-us');
  const d = page.getByRole('dialog');
  await d.getByRole('button', { name: 'Create an account' }).click();
  await d.getByLabel('Nickname').fill('Mai Confirm');
  await d.getByLabel('Email').fill(email);
  await d.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await d.getByRole('checkbox', { name: 'I accept the terms and privacy policy' }).check();
  const sentAt = Date.now();
  await d.getByRole('button', { name: 'Create account', exact: true }).click();

  const check = page.getByRole('dialog', { name: 'Check your e-mail' });
  await expect(check).toBeVisible();
  await expect(
    check.getByText(`We sent a link to ${email}. Open it to confirm your address and sign in.`),
  ).toBeVisible();
  expect(await signedInEmail(page)).toBeNull();

  // Not signed in until the link is opened: the password alone is refused, with the reason.
  await page.goto('/about-us?dialogAuth=true');
  const signIn = page.getByRole('dialog', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signIn.getByRole('alert')).toContainText(
    'Confirm your e-mail address first: open the link we sent you.',
  );
  expect(await signedInEmail(page)).toBeNull();

  // The mail, from the inbox's API; its link opens the app on the page where the account was made.
  const link = await linkFromInbox(email, sentAt);
  expect(new URL(link).searchParams.get('type')).toBe('signup');
  await page.goto(link);
  await expect.poll(() => signedInEmail(page)).toBe(email);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe('/about-us');
  expect(new URL(page.url()).hash.replace(/^#/, '')).not.toContain('access_token');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
});

test('signing in unconfirmed says so in French, and the link can be sent again', async ({ page }) => {
  const email = uniqueEmail('confirm-fr');
  const first = Date.now();
  await signUpViaApi(email, PASSWORD, { nickname: 'Camille', language: 'fr-FR' });
  await expect.poll(() => mailCount(email, first)).toBe(1);

  await openDialog(page, '/about-us', 'fr-FR');
  const d = page.getByRole('dialog', { name: 'Se connecter' });
  await d.getByLabel('E-mail').fill(email);
  await d.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await d.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(d.getByRole('alert')).toContainText(
    "Confirmez d'abord votre adresse e-mail : ouvrez le lien que nous vous avons envoyé.",
  );

  const resentAt = Date.now();
  await d.getByRole('button', { name: 'Renvoyer le lien de confirmation' }).click();
  const check = page.getByRole('dialog', { name: 'Consultez vos e-mails' });
  await expect(check).toBeVisible();
  await expect(check.getByText(`Nous avons envoyé un nouveau lien à ${email}.`)).toBeVisible();
  await expect.poll(() => mailCount(email, 0)).toBe(2);

  await page.goto(await linkFromInbox(email, resentAt));
  await expect.poll(() => signedInEmail(page)).toBe(email);
});
