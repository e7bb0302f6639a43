// The auth e-mails in every language of the product (issue 30): the apps' list (shared-ui) and the mails'
// agree, and a sign-up or a password reset asked in Chinese, Korean or Japanese sends its mail in that
// language, through the real stack and its inbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '../../../shared-ui/src/i18n/languages.js';
import { MAIL_LANGS, codeMail, linkMail, mailLanguage } from '@guestmap/local-stack/src/auth/mailer/templates.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';

afterAll(stopPgServer);

describe('auth e-mails in every language', () => {
  it('every language of the apps has its mails, each written in it', () => {
    expect([...MAIL_LANGS].sort()).toEqual([...LANGS].sort());
    const en = codeMail('recovery', 'en', '123456', 3600);
    for (const l of MAIL_LANGS) {
      expect(
        mailLanguage({ language: { en: 'en-US', vi: 'vi-VN', fr: 'fr-FR', zh: 'zh-CN', ko: 'ko-KR', ja: 'ja-JP' }[l] }),
      ).toBe(l);
      const mails = [
        codeMail('recovery', l, '123456', 3600),
        codeMail('confirmation', l, '123456', 3600),
        linkMail('signup', l, 'https://x.test/c', '123456', 3600),
        linkMail('email_change_new', l, 'https://x.test/c', '123456', 3600),
        linkMail('email_change_current', l, 'https://x.test/c', '123456', 3600, 'new@x.test'),
      ];
      for (const m of mails) {
        expect(m.text).toContain('123456');
        if (l !== 'en') expect(m.subject).not.toBe(en.subject);
        // Chinese, Korean and Japanese mails have no English sentence: only the brand, the link and the address.
        if (l === 'zh' || l === 'ko' || l === 'ja')
          expect(m.text.replace(/Guestmap|https?:\/\/\S+|\S+@\S+/g, '')).not.toMatch(/[A-Za-z]{2,}/);
      }
    }
    expect(codeMail('recovery', 'zh', '123456', 3600).text).toContain('验证码在 60 分钟内有效');
    expect(mailLanguage({ locale: 'ja' })).toBe('ja');
    expect(mailLanguage({ language: 'de-DE' })).toBe('en');
  });
});

describe.each(BACKENDS)('auth e-mails through the stack on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        c.auth.email.maxFrequencySeconds = 0;
        c.auth.hooks.customAccessToken = null;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const subjectTo = async (email: string) => {
    const list = (await (await fetch(`${s.inboxUrl}/api/v1/messages`)).json()) as {
      messages: { Subject: string; To: { Address: string }[] }[];
    };
    return list.messages.find((m) => m.To[0]!.Address === email)?.Subject;
  };

  it('a sign-up in Chinese gets its confirmation in Chinese, its profile speaks Chinese; a reset in Korean and Japanese', async () => {
    const email = `zh-${Date.now().toString(36)}@example.com`;
    const { data, error } = await s.anon().auth.signUp({
      email,
      password: 'secret123',
      options: { data: { nickname: '小王', language: 'zh-CN' } },
    });
    expect(error).toBeNull();
    expect(await subjectTo(email)).toBe('确认您的 Guestmap 账户');
    const { data: profile } = await s.service().from('profiles').select('language').eq('id', data.user!.id).single();
    expect(profile).toEqual({ language: 'zh-CN' });

    for (const [locale, subject] of [
      ['ko-KR', 'Guestmap 비밀번호 재설정'],
      ['ja-JP', 'Guestmap のパスワードの再設定'],
    ] as const) {
      const to = `${locale.toLowerCase()}-${Date.now().toString(36)}@example.com`;
      const r = await s.service().auth.admin.createUser({
        email: to,
        password: 'secret123',
        email_confirm: true,
        user_metadata: { language: locale },
      });
      expect(r.error).toBeNull();
      expect((await s.anon().auth.resetPasswordForEmail(to)).error).toBeNull();
      expect(await subjectTo(to)).toBe(subject);
    }
  });
});
