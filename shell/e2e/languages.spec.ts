// Chinese, Korean and Japanese (issue 30): the language menu offers all six languages, a first visit
// follows the browser's preferred languages, and the guest map, a place, the rewards panel and the auth
// dialog read in the chosen language only (no word of another language but names) with a glyph for every
// character (the machine's CJK fonts: `.ci/run` installs them where missing; no web font is downloaded).
import { expect, test, type Page } from '@playwright/test';
import { LANGUAGES } from '@guestmap/shared-ui/languages';
import { API_URL, ANON_KEY, catalogue, foreignTexts, missingGlyphs, remoteOrigin, serviceRest, tr } from './support.ts';

const HOTEL = 'saigon-riverside-hotel';
const CJK = LANGUAGES.filter((l) => l.lang === 'zh' || l.lang === 'ko' || l.lang === 'ja') as unknown as {
  lang: 'zh' | 'ko' | 'ja';
  locale: string;
  name: string;
}[];

type Texts = Record<string, string> | null;
interface Place {
  id: string;
  slug: string;
  is_partner: boolean;
  title: Texts;
  description: Texts;
  guest_offer: Texts;
  address: string | null;
  address_local: string | null;
}

async function rest<T>(query: string): Promise<T> {
  const res = await fetch(`${API_URL}/rest/v1/${query}`, { headers: { apikey: ANON_KEY } });
  if (!res.ok) throw new Error(`${query}: ${res.status}`);
  return (await res.json()) as T;
}

/** Names a page may show as they are: the hotel's name, addresses (a street is called what it is called),
 *  and the hotel's, a place's or a prize's texts not yet written in `lang` (the app shows English instead; the
 *  content in six languages is issue 30's other half, with its own tests). */
async function namesFor(lang: string): Promise<{ names: string[]; untranslated: number; places: Place[] }> {
  const [hotel] = await rest<{ name: string; welcome: Texts; tagline: Texts }[]>(
    `customers?id=eq.${HOTEL}&select=name,welcome,tagline`,
  );
  const places = await rest<Place[]>(
    `activities?customer_id=eq.${HOTEL}&published=eq.true&select=id,slug,is_partner,title,description,guest_offer,address,address_local&order=sort_order`,
  );
  const names = [hotel!.name];
  let untranslated = 0;
  for (const p of places) {
    names.push(p.address ?? '', p.address_local ?? '');
    // A place's title is its name: in Chinese, Korean or Japanese it keeps the local name and a brand as they
    // are written (e.g. "滨城市场 (Chợ Bến Thành)", docs/content-languages.md).
    if (p.title?.[lang]) names.push(p.title[lang]);
    for (const t of [
      p.title,
      p.description,
      p.guest_offer,
      ...(p === places[0] ? [hotel!.welcome, hotel!.tagline] : []),
    ])
      if (t && Object.keys(t).length && !t[lang]) {
        untranslated++;
        names.push(t.en ?? '', t.vi ?? '');
      }
  }
  // The hotel's games and prizes (database texts too).
  const campaigns = (await (
    await serviceRest(`reward_campaigns?customer_id=eq.${HOTEL}&select=title,reward_prizes(label,discount_text)`)
  ).json()) as { title: Texts; reward_prizes: { label: Texts; discount_text: Texts }[] }[];
  for (const c of campaigns) {
    // A prize's text names its partner as the partner is written ("Secret Garden 10% 할인"), as a place's title does.
    for (const p of c.reward_prizes) if (p.label?.[lang]) names.push(p.label[lang]);
    for (const t of [c.title, ...c.reward_prizes.flatMap((p) => [p.label, p.discount_text])])
      if (t && Object.keys(t).length && !t[lang]) {
        untranslated++;
        names.push(t.en ?? '', t.vi ?? '');
      }
  }
  return { names: names.filter(Boolean), untranslated, places };
}

async function inLanguage(page: Page, locale: string) {
  await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
  await page.route(/tile\.openstreetmap\.org|\/\{z\}\//, (r) => r.abort('internetdisconnected'));
}

async function expectOneLanguage(page: Page, lang: 'zh' | 'ko' | 'ja', names: string[], scope: string, what: string) {
  expect(await foreignTexts(page, lang, { names, scope }), `${what}: text in another language`).toEqual([]);
  expect(await missingGlyphs(page, scope), `${what}: characters drawn as empty boxes`).toEqual([]);
}

test('the language menu offers all six languages, each in its own name', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByLabel('Language').locator('option')).toHaveText(LANGUAGES.map((l) => l.name));
  for (const l of LANGUAGES)
    await expect(page.locator(`option[value="${l.locale}"]`)).toHaveAttribute('lang', l.locale);
});

test.describe('a first visit speaks the first of the browser’s languages the product speaks', () => {
  test.use({ locale: 'ko-KR' });
  test('Korean browser: Korean page; the menu’s choice wins afterwards', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
    await page
      .getByLabel(/언어|Language/)
      .first()
      .selectOption('ja-JP');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  });
});

test.describe('a browser whose languages the product does not speak', () => {
  test.use({ locale: 'de-DE' });
  test('gets English', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

// The hotel's texts are read in the page's language and the fallbacks only (docs/content-languages.md): a
// change of language reads them again, and the page shows them without a reload.
test('switching to Korean on the map shows the places and the welcome in Korean, without a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { places } = await namesFor('ko');
  const [hotel] = await rest<{ welcome: Record<string, string> }[]>(`customers?id=eq.${HOTEL}&select=welcome`);
  const place = places.find((p) => p.title?.ko && p.title.en)!;
  await inLanguage(page, 'en-US');
  await page.goto(`/${HOTEL}/map`);
  await expect(page.getByText(place.title!.en!, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(hotel!.welcome.en!).first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByLabel('Language').first().selectOption('ko-KR');
  await expect(page.getByText(place.title!.ko!, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(hotel!.welcome.ko!).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test('antd’s own strings arrive before a screen opens: with the Korean file held back, the sign-in dialog never shows English', async ({
  page,
}) => {
  // antd's Korean strings (a chunk of the account remote's own, downloaded when the page speaks Korean) arrive
  // 3 s late, as on a slow link. The dialog may wait for them; it must not open with antd's English meanwhile.
  await page.route(`${remoteOrigin('account')}/static/js/async/*.js`, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('locale:"ko"')) await new Promise((r) => setTimeout(r, 3_000));
    await route.fulfill({ response, body });
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __english: string[] };
    w.__english = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role="dialog"] [aria-label]')) {
        const label = el.getAttribute('aria-label') ?? '';
        if (['Close', 'Show', 'Hide'].includes(label) && !w.__english.includes(label)) w.__english.push(label);
      }
    }).observe(document, { childList: true, subtree: true, attributes: true });
  });
  await inLanguage(page, 'ko-KR');
  await page.goto(`/${HOTEL}?dialogAuth=true`);
  const auth = page.getByRole('dialog').first();
  await expect(auth.locator('input[type="password"]')).toBeVisible({ timeout: 30_000 });
  await expect(auth.locator('.ant-modal-close')).toHaveAttribute('aria-label', '닫기');
  expect(await page.evaluate(() => (window as unknown as { __english: string[] }).__english)).toEqual([]);
});

for (const { lang, locale } of CJK) {
  test.describe(`${lang}: the guest's screens`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test(`${lang}: the guest map, a place, the rewards panel and the auth dialog read in ${locale} only, every glyph drawn`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { names, untranslated, places } = await namesFor(lang);
      if (untranslated)
        console.log(
          `[languages] ${lang}: ${untranslated} place texts database texts not written in ${lang} yet (allowed as names)`,
        );
      const fonts: string[] = [];
      page.on('request', (r) => {
        if (r.resourceType() === 'font') fonts.push(r.url());
      });
      await inLanguage(page, locale);

      // The guest map: its header, list, filters and the map's own controls.
      await page.goto(`/${HOTEL}/map?src=qr`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible({ timeout: 30_000 });
      await expectOneLanguage(page, lang, names, 'body', 'guest map');

      // A partner place: its details, hours, offer and disclosure, and the card for the driver.
      const place = places.find((p) => p.is_partner && p.guest_offer) ?? places[0]!;
      await page.goto(`/${HOTEL}/map/${place.slug}/${place.id}`);
      await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
      await expectOneLanguage(page, lang, names, 'body', 'a place');

      // The rewards panel (its texts download with it, in this language only).
      await page.goto(`/${HOTEL}/map?rewards=1`);
      const dialog = page.getByRole('dialog').first();
      await expect(dialog).toBeVisible({ timeout: 30_000 });
      await expect(dialog.getByRole('tab').first()).toBeVisible();
      await expectOneLanguage(page, lang, names, '[role="dialog"]', 'rewards panel');

      // The auth dialog, signing in and creating an account (antd's own strings too).
      await page.goto(`/${HOTEL}?dialogAuth=true`);
      const auth = page.getByRole('dialog').first();
      await expect(auth.locator('input[type="password"]')).toBeVisible({ timeout: 30_000 });
      await expectOneLanguage(page, lang, names, '[role="dialog"]', 'auth dialog (sign in)');
      await auth.getByRole('button').filter({ hasNotText: /^$/ }).last().waitFor();
      await auth.locator('input[type="password"]').fill('x');
      await auth.locator('input[type="password"]').press('Enter');
      await page.waitForTimeout(300);
      await expectOneLanguage(page, lang, names, '[role="dialog"]', 'auth dialog (its messages)');

      // System fonts only: no web font on the guest path.
      expect(fonts).toEqual([]);
    });

    test(`${lang}: Home's picture of the map speaks ${locale} too`, async ({ page }) => {
      await inLanguage(page, locale);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const drawing = page.locator('.gmk-hero-visual svg');
      await expect(drawing).toBeVisible({ timeout: 30_000 });
      // The page may show English for a moment while its catalogue downloads: wait for the drawing's own name.
      await expect(drawing).toHaveAttribute(
        'aria-label',
        tr(catalogue('mfe-marketing', lang), 'home.carousel.slides.map.alt'),
      );
      await expectOneLanguage(page, lang, ['Saigon Riverside Hotel'], '.gmk-hero-visual', "Home's drawing");
    });
  });
}
