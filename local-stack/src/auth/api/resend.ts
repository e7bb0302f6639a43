// POST /resend (GoTrue's api/resend.go): a new sign-up or e-mail-change link and code.
import type { StackContext } from '../../context.ts';
import type { Req, Res } from '../../http/router.ts';
import { validationFailed } from '../errors.ts';
import { body, reply, str } from '../http.ts';
import { findUserByEmail, findUserById } from '../models/users.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { normaliseEmail } from '../validate.ts';
import { deliver, mailRedirect, prepareMail, requestEmailChange } from './mail.ts';

/** POST /resend {type: signup | email_change, email}: a new link (the previous one stops working). */
export async function resend(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const type = str(b.type);
  if (type !== 'signup' && type !== 'email_change')
    throw validationFailed('Missing one of these types: signup, email_change, sms, phone_change');
  const email = normaliseEmail(b.email);
  // Counted for every address, pending or not, so the answer never tells which have an account.
  limiter.email(clientIp(req), email);
  const redirectTo = mailRedirect(ctx, req);
  const mails = await ctx.db.transaction(async (tx) => {
    if (type === 'signup') {
      const u = await findUserByEmail(tx, email);
      if (!u || u.email_confirmed_at) return [];
      return [await prepareMail(ctx, tx, u, 'confirmation', email, redirectTo)];
    }
    // GoTrue finds the user by its current address; a guest adding one has none, so the pending one works too.
    const r = await tx.query<{ id: string }>(
      `select id::text as id from auth.users
        where coalesce(email_change, '') <> '' and (lower(email_change) = $1 or lower(email) = $1) and deleted_at is null
        order by coalesce(lower(email) = $1, false) desc limit 1 for update`,
      [email],
    );
    const u = r.rows[0] ? await findUserById(tx, r.rows[0].id) : null;
    if (!u?.email_change) return [];
    // As GoTrue's resend: the change starts again, new codes to both sides (a side confirmed before counts no more).
    return requestEmailChange(ctx, tx, u, u.email_change, redirectTo);
  });
  deliver(ctx, mails);
  reply(res, 200, {});
}
