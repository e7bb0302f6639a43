// POST /token (GoTrue's api/token.go): the password, refresh_token and pkce grants.
import bcrypt from 'bcryptjs';
import type { StackContext } from '../../context.ts';
import type { Req, Res } from '../../http/router.ts';
import { badRequest, unprocessable, validationFailed } from '../errors.ts';
import { body, reply, str } from '../http.ts';
import { issueSession, refreshSession } from '../models/sessions.ts';
import { findUserByEmail } from '../models/users.ts';
import { DUMMY_HASH } from '../passwords.ts';
import { clientIp, type RateLimiter } from '../rate-limit.ts';
import { exchangePkce } from './external.ts';

export async function token(ctx: StackContext, limiter: RateLimiter, req: Req, res: Res): Promise<void> {
  const grant = req.query.get('grant_type');
  const b = await body(req);
  const ip = clientIp(req);
  if (grant === 'password') {
    const email = str(b.email);
    const password = typeof b.password === 'string' ? b.password : '';
    if (!email) {
      if (str(b.phone)) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
      throw validationFailed('missing email or phone');
    }
    const mail = email.trim().toLowerCase();
    // GoTrue limits every grant of /token (web3 apart) with one limiter, `token_refresh`'s budget; the
    // `sign_in_sign_ups` budget is /signup's (and the OTP routes')
    limiter.request('tokenRefresh', ip, mail);
    const user = await findUserByEmail(ctx.db, mail);
    const ok = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH).catch(() => false);
    if (!user || !user.encrypted_password || !ok) throw badRequest('invalid_credentials', 'Invalid login credentials');
    if (user.is_banned) throw badRequest('user_banned', 'User is banned');
    if (!user.email_confirmed_at) throw badRequest('email_not_confirmed', 'Email not confirmed');
    const session = await ctx.db.transaction(async (tx) => {
      await tx.query(
        `update auth.identities set last_sign_in_at = now(), updated_at = now() where user_id = $1 and provider = 'email'`,
        [user.id],
      );
      return issueSession(ctx, tx, req, user.id, 'password');
    });
    reply(res, 200, session);
    return;
  }
  if (grant === 'refresh_token') {
    const rt = str(b.refresh_token);
    if (!rt) throw validationFailed('Refresh token is required');
    limiter.request('tokenRefresh', ip);
    reply(res, 200, await refreshSession(ctx, req, rt));
    return;
  }
  if (grant === 'pkce') {
    limiter.request('tokenVerifications', ip);
    reply(res, 200, await exchangePkce(ctx, req, b));
    return;
  }
  throw validationFailed(`unsupported_grant_type`);
}
