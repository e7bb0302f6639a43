// The mails that confirm an address (GoTrue's api/mail.go), as GoTrue sends them with confirmations on
// (mailer_autoconfirm off): after sign-up, and both sides of an e-mail change. Each mail's code and link
// token are issued by models/codes.ts in the caller's transaction and delivered once it commits.
import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import type { Req } from '../../http/router.ts';
import { linkMail, mailLanguage, type ConfirmKind } from '../mailer/templates.ts';
import { dropCodes, issueCode, type CodeKind } from '../models/codes.ts';
import { appMeta, findUserById, identitiesOf, insertIdentity, userMeta, type UserRow } from '../models/users.ts';
import { redirectTarget } from '../validate.ts';

/** The codes mailed here (recover.ts mails the 'recovery' ones). */
export type Side = Extract<CodeKind, 'confirmation' | 'email_change_new' | 'email_change_current'>;

const SIDES: Record<Side, { mail: ConfirmKind; linkType: string }> = {
  confirmation: { mail: 'signup', linkType: 'signup' },
  email_change_new: { mail: 'email_change_new', linkType: 'email_change' },
  email_change_current: { mail: 'email_change_current', linkType: 'email_change' },
};
const CHANGE_SIDES: Side[] = ['email_change_new', 'email_change_current'];

export const SINGLE_CONFIRMATION = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export interface OutgoingMail {
  to: string;
  toName: string;
  subject: string;
  text: string;
  html: string;
}

/** Where a mail's link leads: `redirect_to` (supabase-js's emailRedirectTo) or the Referer, if allowed; else site_url. */
export function mailRedirect(ctx: StackContext, req: Req): string {
  const referer = typeof req.headers.referer === 'string' ? req.headers.referer : null;
  return redirectTarget(ctx.config, req.query.get('redirect_to') ?? referer);
}

/**
 * New secrets for one pending side, stored in the caller's transaction; returns the mail to send once
 * it commits (a rolled-back request mails nothing).
 */
export async function prepareMail(
  ctx: StackContext,
  tx: Queryable,
  user: UserRow,
  side: Side,
  address: string,
  redirectTo: string,
  newEmail = '',
): Promise<OutgoingMail> {
  const s = SIDES[side];
  const { code, link: token } = await issueCode(tx, user.id, side, address, ctx.config.auth.email.otpLength);
  const link = `${ctx.apiUrl}/auth/v1/verify?token=${token}&type=${s.linkType}&redirect_to=${encodeURIComponent(redirectTo)}`;
  const meta = userMeta(user);
  const name =
    typeof meta.full_name === 'string' ? meta.full_name : typeof meta.nickname === 'string' ? meta.nickname : '';
  return {
    to: address,
    toName: name,
    ...linkMail(s.mail, mailLanguage(meta), link, code, ctx.config.auth.email.otpExpiry, newEmail),
  };
}

export function deliver(ctx: StackContext, mails: OutgoingMail[]): void {
  for (const m of mails) ctx.mailbox.send(m);
}

/**
 * Starts an e-mail change (or starts it again, for /resend): nothing changes but the pending address; new
 * codes go to it (and to the current one), the previous ones and any side confirmed with them are void.
 */
export async function requestEmailChange(
  ctx: StackContext,
  tx: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
): Promise<OutgoingMail[]> {
  await tx.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await dropCodes(tx, user.id, CHANGE_SIDES);
  const fresh = (await findUserById(tx, user.id))!;
  const mails = [await prepareMail(ctx, tx, fresh, 'email_change_new', newEmail, redirectTo)];
  // Secure e-mail change (hosted's default): the current address confirms too. An anonymous user has none.
  if (ctx.config.auth.email.doubleConfirmChanges && fresh.email)
    mails.push(await prepareMail(ctx, tx, fresh, 'email_change_current', fresh.email, redirectTo, newEmail));
  return mails;
}

/** The address becomes the user's, confirmed: its e-mail identity follows, and an anonymous user becomes permanent. */
export async function applyEmailChange(tx: Queryable, user: UserRow, newEmail: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_confirmed_at = now(), email_change = '', email_change_confirm_status = 0, is_anonymous = false,
       updated_at = now() where id = $1`,
    [user.id, newEmail],
  );
  await dropCodes(tx, user.id, CHANGE_SIDES);
  const ids = await identitiesOf(tx, user.id);
  if (ids.some((i) => i.provider === 'email')) {
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
        where user_id = $1 and provider = 'email'`,
      [user.id, newEmail],
    );
    return;
  }
  await insertIdentity(tx, user.id, 'email', user.id, {
    sub: user.id,
    email: newEmail,
    email_verified: true,
    phone_verified: false,
  });
  const app = appMeta(user);
  const providers = Array.isArray(app.providers) ? (app.providers as unknown[]).map(String) : [];
  if (!providers.includes('email')) providers.push('email');
  await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [
    user.id,
    JSON.stringify({ ...app, provider: app.provider ?? 'email', providers }),
  ]);
}
