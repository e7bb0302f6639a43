import { test, type Page } from '@playwright/test';
import { expect, API, ANON_KEY, SERVICE_KEY, meta, useLocale } from './support.ts';

const result = (page: Page, id: string) => page.getByTestId(`calc-${id}`);

test.describe('Hotels page', () => {
  test('the revenue calculator starts from the defaults and follows the input as the user types', async ({ page }) => {
    await page.goto('/hotels');
    await expect(result(page, 'monthly')).toHaveText('$24,300.00');
    await expect(result(page, 'yearly')).toHaveText('$291,600.00');
    await expect(result(page, 'hotel')).toHaveText('$19,440.00');
    await expect(result(page, 'platform')).toHaveText('$4,860.00');
    await expect(result(page, 'reinvestment')).toHaveText('− $1,944.00');
    await expect(result(page, 'net')).toHaveText('$17,496.00');
    await expect(result(page, 'net-yearly')).toHaveText('$209,952.00');
    // The assumptions table is shown.
    const assumptions = page.getByRole('table', { name: /Assumptions/ });
    await expect(assumptions.getByRole('row', { name: /Mid-range/ })).toContainText('$45');
    await expect(assumptions.getByRole('row', { name: /Luxury/ })).toContainText('$180');

    const customers = page.getByLabel('Customers per month');
    await customers.fill('1000');
    await expect(result(page, 'monthly')).toHaveText('$81,000.00');
    await page.getByRole('radio', { name: 'Luxury' }).check();
    await expect(result(page, 'monthly')).toHaveText('$162,000.00');
    await page.getByRole('checkbox', { name: 'Transport' }).uncheck();
    await expect(result(page, 'monthly')).toHaveText('$135,000.00');
    await page.getByLabel('Commission rate').fill('12.5');
    await expect(result(page, 'monthly')).toHaveText('$168,750.00');
    await page.getByLabel('Rewards reinvestment').fill('0');
    await expect(result(page, 'net')).toHaveText('$135,000.00');
    await expect(result(page, 'platform')).toHaveText('$33,750.00');
  });

  test('invalid input shows why and never changes the results', async ({ page }) => {
    await page.goto('/hotels');
    const customers = page.getByLabel('Customers per month');
    await customers.fill('');
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(customers).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Fix the highlighted field to update the results.')).toBeVisible();
    await expect(result(page, 'monthly')).toHaveText('$24,300.00');
    await customers.fill('12.5');
    await expect(page.getByText('Enter a whole number, for example 300')).toBeVisible();
    await customers.fill('2000000');
    await expect(page.getByText('Enter a value between 1 and 1,000,000')).toBeVisible();
    await expect(result(page, 'monthly')).toHaveText('$24,300.00');
    await customers.fill('100');
    await expect(page.getByText('Fix the highlighted field')).toHaveCount(0);
    await expect(result(page, 'monthly')).toHaveText('$8,100.00');
    await page.getByLabel('Guest engagement rate').fill('abc');
    await expect(page.getByText('Enter a number, for example 12.5')).toBeVisible();
    for (const s of ['Food', 'Entertainment', 'Transport']) await page.getByRole('checkbox', { name: s }).uncheck();
    await expect(page.getByText('Choose at least one revenue source')).toBeVisible();
    await expect(result(page, 'monthly')).toHaveText('$8,100.00');
  });

  test('Vietnamese: calculator messages, currency and the contact form in the user language', async ({ page }) => {
    await useLocale(page, 'vi-VN');
    await page.goto('/hotels');
    await expect(page.getByRole('heading', { level: 1, name: 'Guestmap dành cho khách sạn' })).toBeVisible();
    await expect(result(page, 'monthly')).toHaveText(/24\.300,00\s?US\$/);
    await page.getByLabel('Số khách mỗi tháng').fill('');
    await expect(page.getByText('Trường này là bắt buộc')).toBeVisible();
    // The contact form speaks Vietnamese too.
    await page.locator('header').getByRole('button', { name: 'Nhận bản đồ thử nghiệm miễn phí' }).click();
    const dialog = page.getByRole('dialog', { name: 'Liên hệ' });
    await dialog.getByLabel('E-mail').fill('x@y');
    await dialog.getByRole('button', { name: 'Gửi' }).click();
    await expect(dialog.getByText('Định dạng email không đúng')).toBeVisible();
    await expect(dialog.getByText('Trường này là bắt buộc')).toBeVisible();
  });

  test('hero, claims, how it works, meta tags, packages, the example commission statement and the showcase of real public maps', async ({
    page,
  }) => {
    await page.goto('/hotels');
    await expect(page.getByRole('heading', { level: 1, name: 'Guestmap for hotels' })).toBeVisible();
    for (const claim of ['guest satisfaction', 'revenue increase', 'more than 5 staff hours saved per day'])
      await expect(page.getByText(claim, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Tourists spend $500–$2,000 per stay', { exact: false })).toBeVisible();
    await expect(page.locator('#how-it-works li')).toHaveCount(4);
    await expect.poll(async () => (await meta(page)).title).toBe('Guestmap for hotels');
    expect((await meta(page)).description).toContain('setup in 24–48 hours');
    const pricing = page.locator('#pricing');
    for (const name of ['Basic', 'Professional', 'Premium'])
      await expect(pricing.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(pricing.getByText('Up to 20 curated recommendations')).toBeVisible();
    await expect(pricing.getByText('Up to 50 curated recommendations')).toBeVisible();
    await expect(pricing.getByText('Unlimited curated recommendations')).toBeVisible();
    const statement = pricing.getByRole('table', { name: /example month/ });
    await expect(statement.getByRole('columnheader')).toHaveText([
      'Partner',
      'Guest spend',
      'Rate',
      'Commission',
      'Hotel 80%',
      'Platform 20%',
      'Reinvestment',
      'Net to hotel',
    ]);
    await expect(statement.locator('tbody tr')).toHaveCount(5);
    await expect(statement.getByRole('row', { name: /Secret Garden/ })).toContainText('$12,840.00');
    await expect(page.getByTestId('statement-net')).toHaveText('$5,351.98');

    // The showcase reads customers where is_public from the database.
    const res = await page.request.get(`${API}/rest/v1/customers?select=id&is_public=eq.true&order=kind,name`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` },
    });
    const ids = ((await res.json()) as { id: string }[]).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).toEqual(
      expect.arrayContaining(['ho-chi-minh-city', 'hanoi', 'saigon-riverside-hotel', 'hanoi-old-quarter-inn']),
    );
    const showcase = page.getByRole('list', { name: 'Public maps' });
    // The seeded public maps (other tests may add more to the same database meanwhile).
    for (const id of ['hanoi', 'ho-chi-minh-city', 'hanoi-old-quarter-inn', 'saigon-riverside-hotel'])
      await expect(showcase.locator(`a[href="/${id}/map"]`)).toHaveCount(1);
    // Cities first, then hotels.
    const hrefs = await showcase.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.indexOf('/ho-chi-minh-city/map')).toBeLessThan(hrefs.indexOf('/saigon-riverside-hotel/map'));
    await expect(showcase.getByRole('link', { name: /Ho Chi Minh City/ })).toBeVisible();
    await showcase.getByRole('link', { name: /Saigon Riverside Hotel/ }).click();
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map$/);
  });

  test('the showcase says when the maps cannot be loaded, and Retry recovers', async ({ page }) => {
    let fail = true;
    await page.route(/\/rest\/v1\/customers\?/, (route) =>
      fail
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.goto('/hotels');
    await expect(page.getByText('The maps could not be loaded.')).toBeVisible();
    fail = false;
    // The page also reads again by itself (next test): the button may already be gone.
    await page
      .getByRole('button', { name: 'Try again' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await expect(page.getByRole('list', { name: 'Public maps' }).getByRole('link').first()).toBeVisible();
  });

  test('the showcase reads again by itself while the API answers 503, and shows the maps once it answers', async ({
    page,
  }) => {
    let fail = true;
    let refused = 0;
    await page.route(/\/rest\/v1\/customers\?/, (route) => {
      if (!fail) return route.continue();
      refused++;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' });
    });
    await page.goto('/hotels');
    await expect(page.getByText('The maps could not be loaded.')).toBeVisible();
    // Read again on the page's schedule (1, 2, 4 s…), without a click, the message kept meanwhile.
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    await expect(page.getByText('The maps could not be loaded.')).toBeVisible();
    fail = false;
    await expect(page.getByRole('list', { name: 'Public maps' }).getByRole('link').first()).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe('Contact form dialog', () => {
  test('validates on the field, sends once with return=minimal, confirms, and the message is stored', async ({
    page,
  }) => {
    const email = `anna+${Date.now()}@riverside-test.vn`;
    await page.goto('/hotels');
    await page.locator('header').getByRole('button', { name: 'Book a 15-minute call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message')).toHaveValue('I would like to book a 15-minute call.');

    await dialog.getByLabel('Name').focus();
    await dialog.getByLabel('E-mail').focus();
    await expect(dialog.getByText('This field is required')).toHaveCount(1);
    await dialog.getByLabel('E-mail').fill('anna@hotel');
    await dialog.getByLabel('Hotel').focus();
    await expect(dialog.getByText('Incorrect email format')).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(dialog.getByLabel('Name')).toBeFocused();

    await dialog.getByLabel('Name').fill('Anna Tran');
    await expect(dialog.getByText('This field is required')).toHaveCount(0);
    await dialog.getByLabel('E-mail').fill(email);
    await expect(dialog.getByText('Incorrect email format')).toHaveCount(0);
    await dialog.getByLabel('Hotel').fill('Riverside Test Hotel');

    // Hold the request a moment to see the busy button and try a second submit.
    const posts: { prefer: string | null }[] = [];
    await page.route(/\/rest\/v1\/contact_messages/, async (route) => {
      posts.push({ prefer: route.request().headers()['prefer'] ?? null });
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const response = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/contact_messages') && r.request().method() === 'POST',
    );
    const form = await dialog.locator('form').elementHandle();
    await dialog.getByRole('button', { name: 'Send' }).click();
    // A second submit while the first is in flight (the button is disabled, so submit the form directly).
    await form!.evaluate((f) => (f as HTMLFormElement).requestSubmit());
    await expect(dialog.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect((await response).status()).toBe(201);
    await expect(page.getByText('Thank you! Your message has been sent.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.prefer).toContain('return=minimal');

    // Stored once (read with the service role: visitors cannot read contact messages back).
    const stored = await page.request.get(
      `${API}/rest/v1/contact_messages?select=name,email,hotel,message,locale&email=eq.${encodeURIComponent(email)}`,
      {
        headers: { apikey: SERVICE_KEY, Authorization: `Bearer ${SERVICE_KEY}` },
      },
    );
    expect(await stored.json()).toEqual([
      {
        name: 'Anna Tran',
        email,
        hotel: 'Riverside Test Hotel',
        message: 'I would like to book a 15-minute call.',
        locale: 'en-US',
      },
    ]);
    const asVisitor = await page.request.get(
      `${API}/rest/v1/contact_messages?select=email&email=eq.${encodeURIComponent(email)}`,
      { headers: { apikey: ANON_KEY, Authorization: `Bearer ${ANON_KEY}` } },
    );
    expect(asVisitor.ok() ? await asVisitor.json() : []).toEqual([]);
  });

  test('over the sending limit the form says to wait, in the user language, and keeps what the user wrote', async ({
    page,
  }) => {
    // Five messages from this address in the last hour (written with the service role, which the
    // limits neither limit nor count): the database refuses a sixth with details rate_limited.
    const email = `limit+${Date.now()}@riverside-test.vn`;
    const earlier = await page.request.post(`${API}/rest/v1/contact_messages`, {
      headers: {
        apikey: SERVICE_KEY,
        Authorization: `Bearer ${SERVICE_KEY}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      data: Array.from({ length: 5 }, () => ({ name: 'Anna', email, message: 'Bonjour' })),
    });
    expect(earlier.status()).toBe(201);
    await useLocale(page, 'fr-FR');
    await page.goto('/hotels');
    await page.locator('#contact').getByRole('button', { name: 'Nous contacter' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nous contacter' });
    await dialog.getByLabel('Nom').fill('Anna');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Message').fill('Encore moi');
    const response = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/contact_messages') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    expect((await response).status()).toBe(400);
    await expect(
      page.getByText(
        'Vous avez envoyé plusieurs messages en peu de temps. Veuillez patienter une heure puis réessayer.',
      ),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message')).toHaveValue('Encore moi');
  });

  test('a failed send says so and keeps what the user wrote; Escape closes', async ({ page }) => {
    await page.route(/\/rest\/v1\/contact_messages/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"unavailable"}' }),
    );
    await page.goto('/hotels');
    await page.locator('#contact').getByRole('button', { name: 'Contact us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.getByLabel('Name').fill('Anna');
    await dialog.getByLabel('E-mail').fill('anna@example.com');
    await dialog.getByLabel('Message').fill('Hello');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Your message could not be sent. Check your connection and try again.')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Message')).toHaveValue('Hello');
    await expect(dialog.getByRole('button', { name: 'Send' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});
