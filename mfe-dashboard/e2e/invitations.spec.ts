// Moderators join by invitation, with consent (issue #27): the hotel's moderator invites an e-mail in
// the dashboard; the mail reaches the local inbox; the invitee follows its link, signs in, sees the
// invitation, accepts and opens the hotel's dashboard; the inviter then sees them as a moderator.
// An invitation to an unknown address answers the same and can be withdrawn.
import { expect, test, type Page } from '@playwright/test';
import { serviceRest, signInAs, catalogue, tr } from '../../shell/e2e/support.ts';

const INBOX = `http://127.0.0.1:${process.env.SUPABASE_INBOX_PORT ?? '54324'}`;
// Hanoi's: Riverside's moderator list is asserted by dashboard.spec.ts ("the last one cannot be removed"),
// which must not see this journey's invitee while both files run side by side.
const HOTEL = 'hanoi-old-quarter-inn';
const HOTEL_NAME = 'Hanoi Old Quarter Inn';
const INVITEE = 'traveller@demo.test';
const INVITEE_ID = '00000000-0000-4000-a000-000000000006';

// The moderator's profile language is Vietnamese, the traveller's English.
const dashVi = catalogue('mfe-dashboard', 'vi');
const accountEn = catalogue('mfe-account', 'en');

async function mailTo(address: string): Promise<{ Subject: string; Text: string }> {
  let found: { Subject: string; Text: string } | null = null;
  await expect
    .poll(
      async () => {
        const list = (await (
          await fetch(`${INBOX}/api/v1/search?query=${encodeURIComponent(`to:${address}`)}`)
        ).json()) as { messages: { ID: string }[] };
        if (!list.messages.length) return null;
        found = (await (await fetch(`${INBOX}/api/v1/message/${list.messages[0]!.ID}`)).json()) as {
          Subject: string;
          Text: string;
        };
        return found.Subject;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}

async function cleanUp() {
  await serviceRest(`customer_moderators?customer_id=eq.${HOTEL}&user_id=eq.${INVITEE_ID}`, { method: 'DELETE' });
  await serviceRest(`user_customers?customer_id=eq.${HOTEL}&user_id=eq.${INVITEE_ID}`, { method: 'DELETE' });
  // Moderator invitations only: the partner-portal journey invites this hotel's partner staff meanwhile.
  await serviceRest(`invitations?customer_id=eq.${HOTEL}&role=eq.moderator`, { method: 'DELETE' });
}

async function openModerators(page: Page) {
  await page.goto(`/${HOTEL}/dashboard?tab=moderators`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: tr(dashVi, 'mods.invitations') })).toBeVisible({ timeout: 30_000 });
}

async function invite(page: Page, email: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: tr(dashVi, 'mods.invite') }) });
  await form.getByLabel(tr(dashVi, 'mods.email')).fill(email);
  await form.getByRole('button', { name: tr(dashVi, 'mods.invite') }).click();
  await expect(page.getByText(tr(dashVi, 'mods.invited', { email }))).toBeVisible();
}

test.describe('moderator invitations', () => {
  test.beforeAll(cleanUp);
  test.afterAll(cleanUp);

  test('a moderator invites an e-mail; the invitee signs in, accepts and opens the dashboard; the inviter sees them', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const inviterCtx = await browser.newContext();
    const inviter = await inviterCtx.newPage();
    await signInAs(inviter, 'innkeeper@demo.test');
    await openModerators(inviter);
    await invite(inviter, INVITEE);
    const invitations = inviter.getByRole('region', { name: tr(dashVi, 'mods.invitations') });
    await expect(invitations.getByTestId('invitation').filter({ hasText: INVITEE })).toContainText(
      tr(dashVi, 'mods.status.pending'),
    );
    // Not a moderator yet.
    await expect(inviter.getByRole('region', { name: tr(dashVi, 'mods.title') })).not.toContainText(INVITEE);

    // The mail: who invites to which hotel, in the inviter's language, with the link to answer.
    const mail = await mailTo(INVITEE);
    expect(mail.Subject).toBe(`Hoa Innkeeper mời bạn quản lý bản đồ ${HOTEL_NAME} trên Guestmap`);
    const link = /https?:\/\/\S+\/user\b/.exec(mail.Text)?.[0];
    expect(link).toBeTruthy();

    // The invitee follows the link (on this test's port), is asked to sign in, and lands on their account.
    const inviteeCtx = await browser.newContext();
    const invitee = await inviteeCtx.newPage();
    await invitee.goto(new URL(link!).pathname);
    const dialog = invitee.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await dialog.getByLabel('Email').fill(INVITEE);
    await dialog.getByLabel('Password', { exact: true }).fill('demo-pass-123');
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(invitee).toHaveURL(/\/user$/, { timeout: 30_000 });
    const card = invitee.getByTestId('my-invitation');
    await expect(card).toContainText(
      tr(accountEn, 'user.invitations.moderatorBy', { who: 'Hoa Innkeeper', name: HOTEL_NAME }),
      { timeout: 30_000 },
    );
    await invitee
      .getByRole('button', { name: tr(accountEn, 'user.invitations.acceptWhat', { name: HOTEL_NAME }) })
      .click();
    await expect(card).toContainText(tr(accountEn, 'user.invitations.accepted', { name: HOTEL_NAME }));
    await card.getByRole('link', { name: `${tr(accountEn, 'user.maps.dashboard')}: ${HOTEL_NAME}` }).click();
    await expect(invitee).toHaveURL(new RegExp(`/${HOTEL}/dashboard`));
    await expect(invitee.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(invitee.getByRole('tab').first()).toBeVisible({ timeout: 30_000 });
    await expect(invitee).not.toHaveURL(/dialogAuth/);

    // The inviter sees them as a moderator, and the invitation as accepted.
    await inviter.reload();
    await expect(inviter.getByRole('region', { name: tr(dashVi, 'mods.title') })).toContainText(INVITEE, {
      timeout: 30_000,
    });
    await expect(invitations.getByTestId('invitation').filter({ hasText: INVITEE })).toContainText(
      tr(dashVi, 'mods.status.accepted'),
    );
    await inviterCtx.close();
    await inviteeCtx.close();
  });

  test('an unknown address gets the same answer, and a pending invitation can be withdrawn', async ({ page }) => {
    test.setTimeout(90_000);
    const nobody = `nobody-${Date.now().toString(36)}@example.test`;
    await signInAs(page, 'innkeeper@demo.test');
    await openModerators(page);
    await invite(page, nobody);
    const row = page
      .getByRole('region', { name: tr(dashVi, 'mods.invitations') })
      .getByTestId('invitation')
      .filter({ hasText: nobody });
    await expect(row).toContainText(tr(dashVi, 'mods.status.pending'));
    await row.getByRole('button', { name: tr(dashVi, 'mods.withdrawWho', { email: nobody }) }).click();
    await page
      .locator('.ant-popconfirm-buttons:visible')
      .getByRole('button', { name: tr(dashVi, 'mods.withdraw'), exact: true })
      .click();
    await expect(row).toContainText(tr(dashVi, 'mods.status.withdrawn'));
    // A second invitation to a pending address is refused with its message (the inviter's own data).
    await invite(page, `again-${nobody}`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: tr(dashVi, 'mods.invite') }) });
    await form.getByLabel(tr(dashVi, 'mods.email')).fill(`again-${nobody}`);
    await form.getByRole('button', { name: tr(dashVi, 'mods.invite') }).click();
    await expect(page.getByText(tr(dashVi, 'errors.already_invited'))).toBeVisible();
  });
});
