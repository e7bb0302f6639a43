// The mail inbox: Mailpit-shaped JSON (list, message, search, delete) and the HTML page, fed by
// real recovery mails in the user's language (en, vi-VN, fr-FR).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

let n = 0;
const uniqueEmail = (p: string) => `${p}-${Date.now().toString(36)}-${++n}@example.com`;

describe.each(BACKENDS)('inbox on %s', (backend) => {
  let s: TestStack;
  const users: Record<'en' | 'vi' | 'fr', string> = { en: '', vi: '', fr: '' };

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
    const admin = s.service().auth.admin;
    const meta = { en: {}, vi: { language: 'vi-VN' }, fr: { locale: 'fr-FR' } } as const;
    for (const lang of ['en', 'vi', 'fr'] as const) {
      users[lang] = uniqueEmail(lang);
      const r = await admin.createUser({
        email: users[lang],
        password: 'secret123',
        email_confirm: true,
        user_metadata: { full_name: `User ${lang}`, ...meta[lang] },
      });
      expect(r.error).toBeNull();
      expect((await s.anon().auth.resetPasswordForEmail(users[lang])).error).toBeNull();
    }
  });
  afterAll(async () => {
    await s?.stop();
  });

  const get = async (path: string) => (await fetch(`${s.inboxUrl}${path}`)).json() as Promise<Record<string, unknown>>;

  it("lists messages in Mailpit's shape, newest first", async () => {
    const list = (await get('/api/v1/messages')) as { messages: Record<string, unknown>[] } & Record<string, unknown>;
    expect(Object.keys(list).sort()).toEqual(
      ['count', 'messages', 'messages_count', 'start', 'tags', 'total', 'unread'].sort(),
    );
    expect(list).toMatchObject({ total: 3, unread: 3, count: 3, messages_count: 3, start: 0, tags: [] });
    const m = list.messages[0]!;
    expect(Object.keys(m).sort()).toEqual(
      [
        'ID',
        'MessageID',
        'Read',
        'From',
        'To',
        'Cc',
        'Bcc',
        'ReplyTo',
        'Subject',
        'Created',
        'Tags',
        'Size',
        'Attachments',
        'Snippet',
      ].sort(),
    );
    expect(m).toMatchObject({
      Read: false,
      From: { Name: 'Guestmap', Address: expect.any(String) },
      To: [{ Name: 'User fr', Address: users.fr }],
      Cc: [],
      Bcc: [],
      Attachments: 0,
    });
    expect(m.Snippet).toMatch(/\d{6}/);
    expect(list.messages.map((x) => (x.To as { Address: string }[])[0]!.Address)).toEqual([
      users.fr,
      users.vi,
      users.en,
    ]);
  });

  it("serves one message with Text and HTML in the user's language, and marks it read", async () => {
    const list = (await get(`/api/v1/search?query=${encodeURIComponent(`to:${users.vi}`)}`)) as {
      messages: { ID: string }[];
      messages_count: number;
    };
    expect(list.messages_count).toBe(1);
    const vi = (await get(`/api/v1/message/${list.messages[0]!.ID}`)) as Record<string, string>;
    expect(vi).toMatchObject({
      ID: list.messages[0]!.ID,
      Subject: 'Đặt lại mật khẩu Guestmap của bạn',
      To: [{ Name: 'User vi', Address: users.vi }],
    });
    for (const k of ['MessageID', 'From', 'Date', 'Text', 'HTML']) expect(vi).toHaveProperty(k);
    const code = /\b(\d{6})\b/.exec(vi.Text!)![1]!;
    expect(vi.HTML).toContain(code);
    expect(vi.Text).toContain('Nhập mã này');

    const subjects = (await get('/api/v1/messages')) as {
      messages: { Subject: string; Read: boolean }[];
      unread: number;
    };
    expect(subjects.messages.map((m) => m.Subject)).toEqual([
      'Réinitialisez votre mot de passe Guestmap',
      'Đặt lại mật khẩu Guestmap của bạn',
      'Reset your Guestmap password',
    ]);
    expect(subjects.unread).toBe(2);
    expect(subjects.messages[1]!.Read).toBe(true);
    // The code in the mail is the one that works.
    const v = await s.anon().auth.verifyOtp({ email: users.vi, token: code, type: 'recovery' });
    expect(v.error).toBeNull();
    expect((await fetch(`${s.inboxUrl}/api/v1/message/nope`)).status).toBe(404);
  });

  it('shows an HTML page with subject, recipient, date and the code', async () => {
    const res = await fetch(`${s.inboxUrl}/`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    const en = (await get(`/api/v1/search?query=${encodeURIComponent(`to:${users.en}`)}`)) as {
      messages: { ID: string }[];
    };
    const mail = (await get(`/api/v1/message/${en.messages[0]!.ID}`)) as Record<string, string>;
    const code = /\b(\d{6})\b/.exec(mail.Text!)![1]!;
    expect(html).toContain('Reset your Guestmap password');
    expect(html).toContain(users.en);
    expect(html).toContain(code);
    expect(html).toMatch(/<time datetime="[^"]+">/);
  });

  it('deletes all messages with DELETE /api/v1/messages', async () => {
    const del = await fetch(`${s.inboxUrl}/api/v1/messages`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await get('/api/v1/messages')).toMatchObject({ total: 0, count: 0, messages: [] });
  });
});
