// The stack's mailer for mails the database writes (private.mail_outbox, created by the project's
// invitations migration): rows are delivered to the inbox once, in order, with `{{ .SiteURL }}`
// replaced by [auth] site_url, whether written in-process or through the Postgres wire port; a
// project without the table runs as before.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stackDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';
import { waitFor } from '../../testing/wait.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('mail outbox on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => void (c.auth.siteUrl = 'https://app.example.test/'),
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('delivers each row once, in order, with the site URL filled in, and marks it sent', async () => {
    await s.db.query(
      `insert into private.mail_outbox (to_email, subject, body_text) values
       ('one@example.test', 'First', 'Open {{ .SiteURL }}/user now'), ('two@example.test', 'Second', 'plain')`,
    );
    const two = await waitFor(
      () => s.mailbox.list().find((m) => m.to[0]!.address === 'two@example.test'),
      'the mail to two@',
      { timeoutMs: 5000, everyMs: 50 },
    );
    const one = s.mailbox.list().find((m) => m.to[0]!.address === 'one@example.test')!;
    expect(one.text).toBe('Open https://app.example.test/user now');
    expect(one.subject).toBe('First');
    expect(s.mailbox.list().indexOf(two)).toBeLessThan(s.mailbox.list().indexOf(one));
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      s.mailbox.list().filter((m) => ['one@example.test', 'two@example.test'].includes(m.to[0]!.address)),
    ).toHaveLength(2);
    const { rows } = await s.db.query<{ unsent: number }>(
      'select count(*)::int as unsent from private.mail_outbox where sent_at is null',
    );
    expect(rows).toEqual([{ unsent: 0 }]);
  });

  it('rows written through the Postgres wire port arrive too; rolled-back ones never do', async () => {
    const c = new pg.Client({ connectionString: s.dbUrl! });
    await c.connect();
    try {
      await c.query('begin');
      await c.query(
        `insert into private.mail_outbox (to_email, subject, body_text) values ('ghost@example.test', 'Ghost', 'x')`,
      );
      await c.query('rollback');
      await c.query(
        `insert into private.mail_outbox (to_email, subject, body_text) values ('wire@example.test', 'Wire', 'x')`,
      );
    } finally {
      await c.end();
    }
    await waitFor(() => s.mailbox.list().find((m) => m.to[0]!.address === 'wire@example.test'), 'the mail to wire@', {
      timeoutMs: 5000,
      everyMs: 50,
    });
    expect(s.mailbox.list().some((m) => m.to[0]!.address === 'ghost@example.test')).toBe(false);
  });
});

describe('a project without a mail outbox', () => {
  it('starts and serves as before (nothing to drain)', async () => {
    const s = await startTestStack('pglite', {
      workdir: path.join(stackDir, 'tests/fixtures/cli-project'),
      seed: false,
    });
    try {
      const { rows } = await s.db.query<{ t: string | null }>(`select to_regclass('private.mail_outbox')::text as t`);
      expect(rows).toEqual([{ t: null }]);
      await new Promise((r) => setTimeout(r, 1200));
      expect(s.mailbox.list()).toEqual([]);
      expect((await fetch(`${s.apiUrl}/health`)).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});
