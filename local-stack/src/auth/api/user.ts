// GET and PUT /user (GoTrue's api/user.go): the signed-in user, and changes to its data, password and
// e-mail (an e-mail change waits for the mailed confirmations when they are on).
import bcrypt from 'bcryptjs';
import type { StackContext } from '../../context.ts';
import type { Req, Res } from '../../http/router.ts';
import { authError, unprocessable, validationFailed } from '../errors.ts';
import { body, obj, reply, str } from '../http.ts';
import { requireUser } from '../models/sessions.ts';
import { findUserByEmail, findUserById, loadUserJson, userMeta, type Json } from '../models/users.ts';
import { hashPassword } from '../passwords.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { checkPassword, normaliseEmail } from '../validate.ts';
import { applyEmailChange, deliver, mailRedirect, requestEmailChange } from './mail.ts';

export async function getUser(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user } = await requireUser(ctx, req);
  reply(res, 200, await loadUserJson(ctx.db, user.id));
}

export async function updateUser(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const { user } = await requireUser(ctx, req);
  const b = await body(req);
  const newEmail = str(b.email) ? normaliseEmail(b.email) : null;
  let hash: string | null = null;
  if (b.password !== undefined && b.password !== null) {
    const pw = checkPassword(b.password, ctx.config);
    if (user.encrypted_password && (await bcrypt.compare(pw, user.encrypted_password).catch(() => false))) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    hash = await hashPassword(pw);
  }
  const data = b.data === undefined ? null : obj(b.data);
  if (b.data !== undefined && b.data !== null && !data) throw validationFailed('data must be an object');
  const redirectTo = mailRedirect(ctx, req);
  const mails = await ctx.db.transaction(async (tx) => {
    const cur = await findUserById(tx, user.id, true);
    if (!cur) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (data) {
      const meta: Json = { ...userMeta(cur) };
      for (const [k, v] of Object.entries(data)) {
        if (v === null) delete meta[k];
        else meta[k] = v;
      }
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [
        cur.id,
        JSON.stringify(meta),
      ]);
    }
    if (hash)
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [cur.id, hash]);
    if (!newEmail || newEmail === (cur.email ?? '').toLowerCase()) return [];
    const other = await findUserByEmail(tx, newEmail);
    if (other && other.id !== cur.id)
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    if (!ctx.config.auth.email.enableConfirmations) {
      // Mailer autoconfirm: the change applies at once (an anonymous user becomes permanent).
      await applyEmailChange(tx, cur, newEmail);
      return [];
    }
    // Nothing changes until the new address (and, for a secure change, the current one) confirms.
    limiter.email(clientIp(req), newEmail);
    return requestEmailChange(ctx, tx, (await findUserById(tx, cur.id))!, newEmail, redirectTo);
  });
  deliver(ctx, mails);
  reply(res, 200, await loadUserJson(ctx.db, user.id));
}
