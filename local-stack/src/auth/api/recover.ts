// Password recovery: POST /recover mails a code; POST /verify (verify.ts, for every mailed code) trades
// it for a session, either as {email, token} (the code) or as {token_hash} (the form a link carries).
// The code lives in the store every mailed code shares (models/codes.ts): random link token, salted code hash,
// MAX_WRONG_TRIES wrong tries per code counted under a lock.
import type { StackContext } from '../../context.ts';
import type { Req, Res } from '../../http/router.ts';
import { issueCode } from '../models/codes.ts';
import { body, reply } from '../http.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { findUserByEmail, findUserById, userMeta } from '../models/users.ts';
import { normaliseEmail } from '../validate.ts';
import { codeMail, mailLanguage } from '../mailer/templates.ts';

/** Generates a recovery code, stores it and mails it in the user's language. */
async function sendRecoveryMail(ctx: StackContext, userId: string): Promise<void> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.email) return;
  const email = user.email;
  const { code } = await ctx.db.transaction((tx) =>
    issueCode(tx, user.id, 'recovery', email, ctx.config.auth.email.otpLength),
  );
  const meta = userMeta(user);
  const mail = codeMail('recovery', mailLanguage(meta), code, ctx.config.auth.email.otpExpiry);
  const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
  ctx.mailbox.send({ to: email, toName: name, ...mail });
}

export async function recover(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const b = await body(req);
  const email = normaliseEmail(b.email);
  // Counted for every address, known or not, so the answer never tells which exist.
  limiter.email(clientIp(req), email);
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.is_anonymous) await sendRecoveryMail(ctx, user.id);
  reply(res, 200, {});
}
