// Content in six languages (issue 30): the recommendations editor shows which places lack which
// translation (a badge per missing language and a filter), edits Chinese, Korean and Japanese texts, and
// the CSV import reads every language; the hotel's settings keep and edit its welcome text in all six.
import { expect, test } from '@playwright/test';
import { catalogue, choose, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';

// The seeded moderator uses Vietnamese.
const vi = catalogue('mfe-dashboard', 'vi');
const HOTEL = 'saigon-riverside-hotel';
test.describe.configure({ timeout: 120_000 });

type Row = { id: string; slug: string; title: Record<string, string>; description: Record<string, string> };
const rowOf = async (slug: string) =>
  (
    (await (
      await serviceRest(`activities?customer_id=eq.${HOTEL}&slug=eq.${slug}&select=id,slug,title,description`)
    ).json()) as Row[]
  )[0];

test.beforeEach(async ({ page }) => {
  await signInAs(page, 'moderator@demo.test');
});

test('a place lacking Japanese: badge, filter, filled in the editor', async ({ page }) => {
  const fv = (await rowOf('fv-hospital'))!;
  const { ja, ...withoutJa } = fv.description;
  expect(ja).toBeTruthy();
  await serviceRest(`activities?id=eq.${fv.id}`, { method: 'PATCH', body: JSON.stringify({ description: withoutJa }) });
  try {
    await page.goto(`/${HOTEL}/dashboard?tab=recommendations`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const rows = page.locator('.ant-table-row');
    await expect(rows.first()).toBeVisible();
    // Every other place of the hotel has all six languages.
    const japanese = tr(vi, 'recs.missingLanguage', { language: '日本語' });
    await choose(page, page.getByLabel(tr(vi, 'recs.missingFilter')), tr(vi, 'recs.missingAny'));
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(fv.title.vi!);
    await expect(rows.getByLabel(japanese)).toHaveText('JA');
    await choose(page, page.getByLabel(tr(vi, 'recs.missingFilter')), japanese);
    await expect(rows).toHaveCount(1);
    await choose(
      page,
      page.getByLabel(tr(vi, 'recs.missingFilter')),
      tr(vi, 'recs.missingLanguage', { language: '한국어' }),
    );
    await expect(rows).toHaveCount(0);

    // The editor has a field per language; filling the Japanese description completes the place.
    await choose(page, page.getByLabel(tr(vi, 'recs.missingFilter')), japanese);
    await rows.getByText(fv.title.vi!, { exact: true }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByLabel(tr(vi, 'recs.titleIn', { language: '简体中文' }))).toHaveValue(fv.title.zh!);
    await expect(drawer.getByLabel(tr(vi, 'recs.titleIn', { language: '한국어' }))).toHaveValue(fv.title.ko!);
    const field = drawer.getByLabel(tr(vi, 'recs.descriptionIn', { language: '日本語' }));
    await expect(field).toHaveValue('');
    await field.fill('英語とフランス語を話す医師がいる国際病院。');
    await drawer.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByText(tr(vi, 'recs.saved'))).toBeVisible();
    await expect(rows).toHaveCount(0);
    const saved = (await rowOf('fv-hospital'))!;
    expect(saved.description).toEqual({ ...withoutJa, ja: '英語とフランス語を話す医師がいる国際病院。' });
    expect(saved.title).toEqual(fv.title);
  } finally {
    await serviceRest(`activities?id=eq.${fv.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ description: fv.description }),
    });
  }
});

test('CSV import reads titles and descriptions in all six languages', async ({ page }) => {
  const slug = 'e2e-six-languages';
  const csv =
    'slug,category,title_en,title_vi,title_fr,title_zh,title_ko,title_ja,description_zh,latitude,longitude,published\r\n' +
    `${slug},food,Noodle corner,Góc bún,Coin des nouilles,面条角,국수 코너,麺コーナー,"河粉, 米粉",10.7741,106.7058,false\r\n`;
  try {
    await page.goto(`/${HOTEL}/dashboard?tab=recommendations`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page
      .locator('input[type=file][accept*=".csv"]')
      .setInputFiles({ name: 'six.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await expect(page.getByText(tr(vi, 'csv.summary', { ok: 1, failed: 0 }))).toBeVisible();
    const row = (await rowOf(slug))!;
    expect(row.title).toEqual({
      en: 'Noodle corner',
      vi: 'Góc bún',
      fr: 'Coin des nouilles',
      zh: '面条角',
      ko: '국수 코너',
      ja: '麺コーナー',
    });
    expect(row.description).toEqual({ zh: '河粉, 米粉' });
  } finally {
    await serviceRest(`activities?customer_id=eq.${HOTEL}&slug=eq.${slug}`, { method: 'DELETE' });
  }
});

test('settings: saving keeps the welcome text in Chinese, Korean and Japanese; each is editable', async ({ page }) => {
  type Welcome = { welcome: Record<string, string> };
  const welcome = async () =>
    ((await (await serviceRest(`customers?id=eq.${HOTEL}&select=welcome`)).json()) as Welcome[])[0]!.welcome;
  const before = await welcome();
  expect(Object.keys(before).sort()).toEqual(['en', 'fr', 'ja', 'ko', 'vi', 'zh']);
  try {
    await page.goto(`/${HOTEL}/settings`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const save = page.getByRole('button', { name: tr(vi, 'form.save') });
    await expect(page.getByLabel(tr(vi, 'settings.welcomeEn'))).toHaveValue(before.en!);
    // Saved as it is, nothing is lost.
    await save.click();
    await expect(page.getByText(tr(vi, 'settings.saved'))).toBeVisible();
    expect(await welcome()).toEqual(before);
    const korean = page.getByLabel(tr(vi, 'settings.welcomeIn', { language: '한국어' }));
    await expect(korean).toHaveValue(before.ko!);
    await korean.fill('환영합니다!');
    await save.click();
    await expect.poll(welcome).toEqual({ ...before, ko: '환영합니다!' });
  } finally {
    await serviceRest(`customers?id=eq.${HOTEL}`, { method: 'PATCH', body: JSON.stringify({ welcome: before }) });
  }
});

// The map reads the welcome in the page's language and the fallbacks only (docs/content-languages.md); the
// settings, opened from the map in the same tab, must get it in every language before the editor shows it
// (a save from a partial row would erase the others).
test('settings opened from the map in the same tab edit the welcome in every language; saving loses none', async ({
  page,
}) => {
  type Welcome = { welcome: Record<string, string> };
  const welcome = async () =>
    ((await (await serviceRest(`customers?id=eq.${HOTEL}&select=welcome`)).json()) as Welcome[])[0]!.welcome;
  const before = await welcome();
  try {
    await page.goto(`/${HOTEL}/map`);
    await expect(page.locator('.leaflet-container')).toBeVisible({ timeout: 30_000 });
    // In the same document, as the app's own links move (the router follows the history).
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/${HOTEL}/settings`);
    const japanese = page.getByLabel(tr(vi, 'settings.welcomeIn', { language: '日本語' }));
    await expect(japanese).toHaveValue(before.ja!, { timeout: 30_000 });
    await expect(page.getByLabel(tr(vi, 'settings.welcomeIn', { language: '简体中文' }))).toHaveValue(before.zh!);
    await page.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByText(tr(vi, 'settings.saved'))).toBeVisible();
    expect(await welcome()).toEqual(before);
  } finally {
    await serviceRest(`customers?id=eq.${HOTEL}`, { method: 'PATCH', body: JSON.stringify({ welcome: before }) });
  }
});
