// The main flows once in Vietnamese and once in French.
import { test } from '@playwright/test';
import {
  expect,
  linkFromInbox,
  openDialog,
  PASSWORD,
  shellState,
  signedInEmail,
  signIn,
  uniqueEmail,
} from './support.ts';

test.describe.configure({ timeout: 180_000 });

test('Tiếng Việt: validation, wrong password, sign-up with the chosen language, reset code', async ({ page }) => {
  await openDialog(page, '/about-us', 'vi-VN');
  const d = page.getByRole('dialog', { name: 'Đăng nhập' });
  await expect(d).toBeVisible();
  await d.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(d.getByText('Trường này là bắt buộc')).toHaveCount(2);
  await d.getByLabel('Email').fill('guest@demo.test');
  await d.getByLabel('Mật khẩu', { exact: true }).fill('sai-mat-khau');
  await d.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await expect(d.getByRole('alert')).toHaveText('Email hoặc mật khẩu không đúng');

  await d.getByRole('button', { name: 'Quên mật khẩu?' }).click();
  const r = page.getByRole('dialog', { name: 'Đặt lại mật khẩu' });
  await r.getByRole('button', { name: 'Gửi mã' }).click();
  await expect(r.getByText('Mã đã được gửi tới email của bạn')).toBeVisible();
  await expect(r.getByLabel('Mã', { exact: true })).toBeVisible();

  await page.goto('/about-us?dialogAuth=true');
  const s = page.getByRole('dialog');
  await s.getByRole('button', { name: 'Tạo tài khoản mới' }).click();
  await expect(page.getByRole('dialog', { name: 'Tạo tài khoản' })).toBeVisible();
  await s.getByRole('button', { name: 'Tạo tài khoản', exact: true }).click();
  await expect(s.getByText('Bạn phải nhập biệt danh')).toBeVisible();
  await expect(s.getByText('Bạn phải đánh dấu ô này để tiếp tục')).toBeVisible();
  const email = uniqueEmail('vi');
  await s.getByLabel('Biệt danh').fill('Lan Anh');
  await s.getByLabel('Email').fill(email);
  await s.getByLabel('Mật khẩu', { exact: true }).fill('123');
  await s.getByRole('button', { name: 'Tạo tài khoản', exact: true }).click();
  await expect(s.getByText('Ít nhất 6 ký tự')).toBeVisible();
  await s.getByLabel('Mật khẩu', { exact: true }).fill(PASSWORD);
  await s.getByRole('checkbox', { name: /Tôi chấp nhận điều khoản và chính sách bảo mật/ }).check();
  const sentAt = Date.now();
  await s.getByRole('button', { name: 'Tạo tài khoản', exact: true }).click();
  // The address is confirmed first: the dialog says where the link went, in Vietnamese; the link
  // (from the local inbox) is opened in another tab and this one finishes the sign-in.
  await expect(page.getByRole('dialog', { name: 'Kiểm tra e-mail của bạn' })).toBeVisible();
  await expect(
    s.getByText(`Chúng tôi đã gửi một liên kết tới ${email}. Hãy mở liên kết để xác nhận địa chỉ và đăng nhập.`),
  ).toBeVisible();
  const mailTab = await page.context().newPage();
  await mailTab.goto(await linkFromInbox(email, sentAt));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await mailTab.close();
  await expect.poll(() => signedInEmail(page)).toBe(email);
  await expect.poll(async () => (await shellState(page)).auth.profile?.language).toBe('vi-VN');

  await page.goto('/user/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Lan Anh' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Tên hiển thị' }).fill('');
  await page.getByRole('button', { name: 'Lưu tên' }).click();
  await expect(page.getByText('Biệt danh không được để trống')).toBeVisible();
  await page.getByRole('textbox', { name: 'Tên hiển thị' }).fill('Lan Anh Nguyễn');
  await page.getByRole('button', { name: 'Lưu tên' }).click();
  await expect(page.getByText('Đã cập nhật tên thành công')).toBeVisible();
});

test('Français : le compte d’un client de l’hôtel, ses cartes et ses lieux favoris', async ({ page }) => {
  // guest@demo.test has French as its profile language: the interface follows after sign-in.
  await signIn(page, 'guest@demo.test', PASSWORD, '/about-us');
  await page.goto('/user');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByRole('heading', { level: 1, name: 'Gabrielle Guest' })).toBeVisible();
  const maps = page.getByRole('region', { name: 'Mes cartes' });
  await expect(maps.getByRole('listitem')).toHaveCount(2);
  await expect(maps.getByRole('listitem').nth(0)).toContainText('Saigon Riverside Hotel');
  await expect(maps.getByRole('listitem').nth(1)).toContainText('Ho Chi Minh City');
  await expect(maps.getByRole('link', { name: /^Tableau de bord/ })).toHaveCount(0);
  const favs = page.getByRole('region', { name: 'Lieux favoris' });
  await expect(favs.getByRole('listitem')).toHaveCount(4);
  const first = favs.getByRole('link').first();
  await expect(first).toHaveAttribute('href', /^\/saigon-riverside-hotel\/map\/[a-z0-9-]+\/[0-9a-f-]{36}$/);
  await first.click();
  await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map\/[a-z0-9-]+\/[0-9a-f-]{36}$/);

  await page.goto('/user/settings');
  await expect(page.getByRole('link', { name: 'Paramètres' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Photo de profil' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Français' })).toBeChecked();
  await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
  await expect.poll(() => signedInEmail(page)).toBeNull();

  await openDialog(page, '/about-us', 'fr-FR');
  const d = page.getByRole('dialog', { name: 'Se connecter' });
  await d.getByLabel('E-mail').fill('pas-un-email');
  await d.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(d.getByText("Format d'e-mail incorrect")).toBeVisible();
  await expect(d.getByText('Ce champ est obligatoire')).toBeVisible();
});
