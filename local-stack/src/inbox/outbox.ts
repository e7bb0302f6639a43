// The stack's mailer for mails written by the database (invitations): a project migration may create
// `private.mail_outbox (id, to_email, subject, body_text, sent_at)`; the stack takes unsent rows, marks
// them sent and delivers them to the inbox, with `{{ .SiteURL }}` replaced by `[auth] site_url` (as
// GoTrue's mail templates spell it). On hosted Supabase a Database Webhook on INSERT into the table
// and an Edge Function play this part. A project without the table gets no mailer (nothing happens).
import type { StackContext } from '../context.ts';

const TABLE = 'private.mail_outbox';
const CHANNEL = 'mail_outbox';

interface OutboxRow {
  id: string;
  to_email: string;
  subject: string;
  body_text: string;
}

export function startOutbox(ctx: StackContext, opts: { pollMs?: number } = {}): void {
  let closed = false;
  let present = false;
  let draining = false;
  let again = false;
  let unlisten: (() => Promise<void>) | null = null;
  const siteUrl = ctx.config.auth.siteUrl.replace(/\/+$/, '');

  const drainOnce = async () => {
    if (!present) {
      const { rows } = await ctx.db.query<{ t: string | null }>('select to_regclass($1)::text as t', [TABLE]);
      present = !!rows[0]?.t;
      if (!present) return;
      unlisten ??= await ctx.db.listen(CHANNEL, () => schedule());
    }
    const { rows } = await ctx.db.query<OutboxRow>(
      `update ${TABLE} o set sent_at = now()
       where o.id in (select q.id from ${TABLE} q where q.sent_at is null order by q.id limit 50 for update skip locked)
       returning o.id::text as id, o.to_email, o.subject, o.body_text`,
    );
    for (const r of rows.sort((a, b) => Number(a.id) - Number(b.id))) {
      ctx.mailbox.send({ to: r.to_email, subject: r.subject, text: r.body_text.replaceAll('{{ .SiteURL }}', siteUrl) });
    }
    if (rows.length === 50) again = true;
  };

  function schedule(): void {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    void (async () => {
      try {
        do {
          again = false;
          await drainOnce();
        } while (again && !closed);
      } catch (e) {
        ctx.log(`[outbox] ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        draining = false;
      }
    })();
  }

  // Notifications wake the mailer at once; the poll catches what they miss (writes through PGlite's
  // wire port raise no in-process notification) and a table created after start.
  const timer = setInterval(() => {
    // Not while a wire client holds a transaction open on the single PGlite session.
    if (ctx.db.pglite?.isInTransaction()) return;
    schedule();
  }, opts.pollMs ?? 1000);
  timer.unref?.();
  schedule();
  ctx.onClose(async () => {
    closed = true;
    clearInterval(timer);
    await unlisten?.();
  });
}
