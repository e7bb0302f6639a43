// OAuth sign-in with a local stand-in for the provider (Google): /authorize sends the browser to a
// page served here; its form posts to /callback, which signs the user in (creating the account, never
// linking one it did not create: see standInUser) and redirects like GoTrue: implicit flow with tokens
// in the URL fragment, PKCE flow with ?code= that the client exchanges at /token?grant_type=pkce.
import crypto from 'node:crypto';
import type { StackContext } from '../../context.ts';
import type { Queryable } from '../../db/db.ts';
import { readBody, type Req, type Res } from '../../http/router.ts';
import { signJwt, verifyJwt } from '../../jwt.ts';
import { API_VERSION, API_VERSION_HEADER, authError, badRequest, validationFailed } from '../errors.ts';
import { reply, str } from '../http.ts';
import { issueSession, type SessionJson } from '../models/sessions.ts';
import { findUserByEmail, findUserById, insertIdentity, insertUser, type Json } from '../models/users.ts';
import { isEmail, redirectTarget } from '../validate.ts';
import type { Lang as MailLang } from '../mailer/templates.ts';

const FLOW_STATE_TTL_S = 300;
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// The state parameter is signed with a key derived from the JWT secret so it can never pass as an access token.
const stateKey = (ctx: StackContext) =>
  crypto.createHmac('sha256', ctx.config.auth.jwtSecret).update('guestmap-local-oauth-state').digest('hex');

interface OAuthState {
  provider: string;
  redirect_to: string;
  flow_state_id: string | null;
  exp: number;
}

function readState(ctx: StackContext, raw: string | null): OAuthState {
  if (!raw) throw validationFailed('OAuth state parameter missing');
  try {
    return verifyJwt(raw, stateKey(ctx)) as unknown as OAuthState;
  } catch {
    throw badRequest('bad_oauth_state', 'OAuth callback with invalid state');
  }
}

function providerEnabled(ctx: StackContext, provider: string): boolean {
  return Boolean(ctx.config.auth.external[provider]?.enabled);
}

export async function authorize(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const provider = (req.query.get('provider') ?? '').toLowerCase();
  if (!provider) throw validationFailed('Unsupported provider: Provider could not be found');
  if (!providerEnabled(ctx, provider)) throw validationFailed('Unsupported provider: provider is not enabled');
  const redirectTo = redirectTarget(ctx.config, req.query.get('redirect_to'));
  const challenge = req.query.get('code_challenge');
  let flowStateId: string | null = null;
  if (challenge) {
    const method = (req.query.get('code_challenge_method') ?? '').toLowerCase();
    if (method !== 's256' && method !== 'plain') throw validationFailed('code challenge method not supported');
    if (challenge.length < 43 || challenge.length > 128)
      throw validationFailed('code challenge has to be between 43 and 128 characters');
    flowStateId = crypto.randomUUID();
    await ctx.db.query(
      `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
       values ($1, $2, $3::auth.code_challenge_method, $4, $5, 'oauth', now(), now())`,
      [flowStateId, crypto.randomUUID(), method, challenge, provider],
    );
  }
  const state = signJwt(
    {
      provider,
      redirect_to: redirectTo,
      flow_state_id: flowStateId,
      exp: Math.floor(Date.now() / 1000) + FLOW_STATE_TTL_S,
    },
    stateKey(ctx),
  );
  const consent = `${ctx.apiUrl}/auth/v1/local-oauth/${encodeURIComponent(provider)}?state=${encodeURIComponent(state)}`;
  if (req.query.get('skip_http_redirect') === 'true') {
    reply(res, 200, { url: consent });
    return;
  }
  res.writeHead(302, { Location: consent, [API_VERSION_HEADER]: API_VERSION });
  res.end();
}

const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  azure: 'Microsoft',
  facebook: 'Facebook',
};

/** The languages of the stack's own pages: those its mails are written in. */
type Lang = MailLang;

/** The page's words in the visitor's browser language (Accept-Language), English by default. */
const TEXTS: Record<
  Lang,
  {
    title: (p: string) => string;
    note: (p: string) => string;
    email: string;
    name: string;
    go: string;
    cancel: string;
    invalidEmail: string;
    refused: string;
    failed: string;
    badLink: string;
  }
> = {
  en: {
    title: (p) => `Local test stand-in for ${p} sign-in`,
    note: (p) =>
      `This page is not ${p}: it runs on this machine for tests and checks no password. It signs in only to accounts it created itself, never to an account that has a password or an unconfirmed e-mail.`,
    email: 'Email',
    name: 'Name',
    go: 'Continue',
    cancel: 'Cancel',
    invalidEmail: 'Enter a valid e-mail address.',
    refused:
      'This e-mail address belongs to an account that signs in with a password, or whose e-mail is not confirmed. The stand-in cannot prove it is yours: sign in with the password instead, or use another e-mail address.',
    failed: 'Sign-in failed',
    badLink: 'This sign-in link is invalid or has expired. Start again from the app.',
  },
  vi: {
    title: (p) => `Trang thay thế cục bộ cho đăng nhập ${p} (thử nghiệm)`,
    note: (p) =>
      `Trang này không phải ${p}: nó chạy trên máy này để thử nghiệm và không kiểm tra mật khẩu nào. Nó chỉ đăng nhập vào các tài khoản do chính nó tạo, không bao giờ vào tài khoản có mật khẩu hoặc có e-mail chưa được xác nhận.`,
    email: 'Email',
    name: 'Tên',
    go: 'Tiếp tục',
    cancel: 'Hủy',
    invalidEmail: 'Hãy nhập một địa chỉ e-mail hợp lệ.',
    refused:
      'Địa chỉ e-mail này thuộc về một tài khoản đăng nhập bằng mật khẩu, hoặc có e-mail chưa được xác nhận. Trang thay thế không thể chứng minh đó là của bạn: hãy đăng nhập bằng mật khẩu, hoặc dùng một địa chỉ e-mail khác.',
    failed: 'Đăng nhập không thành công',
    badLink: 'Liên kết đăng nhập này không hợp lệ hoặc đã hết hạn. Hãy bắt đầu lại từ ứng dụng.',
  },
  fr: {
    title: (p) => `Substitut local de la connexion ${p} (tests)`,
    note: (p) =>
      `Cette page n’est pas ${p} : elle tourne sur cette machine pour les tests et ne vérifie aucun mot de passe. Elle ne connecte qu’aux comptes qu’elle a créés elle-même, jamais à un compte qui a un mot de passe ou une adresse e-mail non confirmée.`,
    email: 'E-mail',
    name: 'Nom',
    go: 'Continuer',
    cancel: 'Annuler',
    invalidEmail: 'Saisissez une adresse e-mail valide.',
    refused:
      'Cette adresse e-mail appartient à un compte qui se connecte avec un mot de passe, ou dont l’adresse n’est pas confirmée. Le substitut ne peut pas prouver qu’elle est à vous : connectez-vous avec le mot de passe, ou utilisez une autre adresse.',
    failed: 'Échec de la connexion',
    badLink: 'Ce lien de connexion est invalide ou a expiré. Recommencez depuis l’application.',
  },
  zh: {
    title: (p) => `${p} 登录的本地测试替身`,
    note: (p) =>
      `此页面不是 ${p}：它在本机上运行，仅用于测试，不核对任何密码。它只会登录它自己创建的账户，绝不会登录设有密码或电子邮件未确认的账户。`,
    email: '电子邮件',
    name: '姓名',
    go: '继续',
    cancel: '取消',
    invalidEmail: '请输入有效的电子邮件地址。',
    refused:
      '此电子邮件地址属于使用密码登录或电子邮件尚未确认的账户。替身无法证明它属于您：请改用密码登录，或使用其他电子邮件地址。',
    failed: '登录失败',
    badLink: '此登录链接无效或已过期。请从应用重新开始。',
  },
  ko: {
    title: (p) => `${p} 로그인을 대신하는 로컬 테스트 페이지`,
    note: (p) =>
      `이 페이지는 ${p}가 아니에요. 테스트를 위해 이 컴퓨터에서 실행되며 비밀번호를 확인하지 않아요. 이 페이지가 직접 만든 계정에만 로그인하고, 비밀번호가 있거나 이메일이 확인되지 않은 계정에는 절대 로그인하지 않아요.`,
    email: '이메일',
    name: '이름',
    go: '계속',
    cancel: '취소',
    invalidEmail: '올바른 이메일 주소를 입력하세요.',
    refused:
      '이 이메일 주소는 비밀번호로 로그인하거나 이메일이 확인되지 않은 계정의 주소예요. 이 페이지는 본인 소유임을 확인할 수 없어요. 비밀번호로 로그인하거나 다른 이메일 주소를 사용하세요.',
    failed: '로그인에 실패했어요',
    badLink: '이 로그인 링크가 올바르지 않거나 만료되었어요. 앱에서 다시 시작하세요.',
  },
  ja: {
    title: (p) => `${p} ログインのローカルテスト用代替ページ`,
    note: (p) =>
      `このページは ${p} ではありません。テストのためにこのマシン上で動作し、パスワードは確認しません。このページ自身が作成したアカウントにのみログインし、パスワードのあるアカウントやメールアドレスが未確認のアカウントには決してログインしません。`,
    email: 'メールアドレス',
    name: '名前',
    go: '続ける',
    cancel: 'キャンセル',
    invalidEmail: '有効なメールアドレスを入力してください。',
    refused:
      'このメールアドレスは、パスワードでログインするアカウント、またはメールアドレスが未確認のアカウントのものです。代替ページではご本人のものか確認できません。パスワードでログインするか、別のメールアドレスをお使いください。',
    failed: 'ログインに失敗しました',
    badLink: 'このログインリンクは無効か、有効期限が切れています。アプリからやり直してください。',
  },
};

function pageLanguage(req: Req): Lang {
  for (const part of String(req.headers['accept-language'] ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (Object.hasOwn(TEXTS, tag)) return tag as Lang;
  }
  return 'en';
}

function page(lang: Lang, title: string, inner: string): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
 body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center}
 main{background:#fff;margin:48px 16px;padding:24px 28px;border-radius:12px;max-width:420px;width:100%;box-shadow:0 1px 4px #0002;border-top:6px solid #b45309}
 h1{font-size:20px}
 label{display:block;margin:8px 0 4px} input[type=text],input[type=email]{width:100%;box-sizing:border-box;padding:8px}
 button{padding:8px 16px;margin-top:12px} .err{color:#b00020}
 .note{color:#555;font-size:13px}
</style></head><body><main>${inner}</main></body></html>`;
}

/**
 * The stand-in's page. It lists no account (it would tell any visitor who signed in here) and says
 * plainly that it is a local test page, not the provider.
 */
function consentPage(ctx: StackContext, lang: Lang, provider: string, state: string, error = '', typed = ''): string {
  const t = TEXTS[lang];
  const pname = PROVIDER_NAMES[provider] ?? provider;
  return page(
    lang,
    t.title(pname),
    `<h1>${esc(t.title(pname))}</h1>
<p class="note">${esc(t.note(pname))}</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="${esc(ctx.apiUrl)}/auth/v1/callback">
<input type="hidden" name="state" value="${esc(state)}">
<label for="email">${esc(t.email)}</label><input type="email" id="email" name="email" autocomplete="email" value="${esc(typed)}">
<label for="name">${esc(t.name)}</label><input type="text" id="name" name="name" autocomplete="name">
<button type="submit">${esc(t.go)}</button>
</form>
<form method="post" action="${esc(ctx.apiUrl)}/auth/v1/callback">
<input type="hidden" name="state" value="${esc(state)}"><input type="hidden" name="cancel" value="1">
<button type="submit">${esc(t.cancel)}</button>
</form>`,
  );
}

function html(res: Res, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    'Cache-Control': 'no-store',
    [API_VERSION_HEADER]: API_VERSION,
  });
  res.end(body);
}

export async function consent(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const raw = req.query.get('state');
  let state: OAuthState;
  const lang = pageLanguage(req);
  try {
    state = readState(ctx, raw);
  } catch {
    const t = TEXTS[lang];
    html(res, 400, page(lang, t.failed, `<h1>${esc(t.failed)}</h1><p class="err">${esc(t.badLink)}</p>`));
    return;
  }
  html(res, 200, consentPage(ctx, lang, state.provider, raw!));
}

/** Appends params to the redirect target: in the fragment (implicit) or the query (PKCE). */
function withParams(target: string, params: Record<string, string>, where: 'hash' | 'query'): string {
  const u = new URL(target);
  const p = new URLSearchParams(params).toString();
  if (where === 'query') {
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }
  u.hash = p;
  return u.toString();
}

function redirect(res: Res, location: string): void {
  res.writeHead(303, { Location: location, 'Cache-Control': 'no-store', [API_VERSION_HEADER]: API_VERSION });
  res.end();
}

// A stable, Google-looking numeric subject for an e-mail, so the same person gets the same identity.
const providerSub = (provider: string, email: string) =>
  BigInt('0x' + crypto.createHash('sha256').update(`${provider}:${email}`).digest('hex').slice(0, 16))
    .toString()
    .padStart(21, '1')
    .slice(0, 21);

/**
 * The account the stand-in may sign in for an e-mail typed on its page, or null when it must refuse.
 *
 * GoTrue links a provider identity to an existing account automatically only when the provider says the
 * e-mail is verified (see its DetermineAccountLinking). The stand-in verifies nothing (anyone can type any
 * address), so its e-mails count as unverified and it never links: it signs in to the account behind its
 * own identity for that e-mail, or creates a new account for an address nobody has; an address that
 * belongs to another account is refused (GoTrue would create a second, e-mail-less account and refuse to
 * sign it in). Its own identity opens an account only if that account has no password and a confirmed
 * e-mail, so an identity linked before this rule (or planted in the data) cannot open a password account.
 */
async function standInUser(
  ctx: StackContext,
  tx: Queryable,
  provider: string,
  email: string,
  name: string,
): Promise<string | null> {
  const found = await tx.query<{ user_id: string; provider_id: string; identity_data: Json }>(
    `select user_id::text as user_id, provider_id, identity_data from auth.identities where provider = $1 and email = $2 limit 1`,
    [provider, email],
  );
  const existing = found.rows[0];
  const sub = existing?.provider_id ?? providerSub(provider, email);
  const prevName =
    existing?.identity_data && typeof existing.identity_data === 'object'
      ? String(existing.identity_data.full_name ?? existing.identity_data.name ?? '')
      : '';
  const fullName = name || prevName || email.split('@')[0]!;
  const avatar = `https://www.gravatar.com/avatar/${crypto.createHash('md5').update(email).digest('hex')}?d=identicon`;
  const data: Json = {
    iss: provider === 'google' ? 'https://accounts.google.com' : `https://${provider}.local`,
    sub,
    name: fullName,
    full_name: fullName,
    email,
    email_verified: true,
    phone_verified: false,
    picture: avatar,
    avatar_url: avatar,
    provider_id: sub,
  };
  if (existing) {
    const owner = await findUserById(tx, existing.user_id, true);
    if (!owner || owner.encrypted_password || !owner.email_confirmed_at) return null;
    await tx.query(
      `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now() where provider = $1 and provider_id = $2`,
      [provider, sub, JSON.stringify(data)],
    );
    // GoTrue refreshes user_metadata from the provider's claims on every sign-in.
    await tx.query(
      `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
      [existing.user_id, JSON.stringify(data)],
    );
    return existing.user_id;
  }
  if (await findUserByEmail(tx, email)) return null;
  if (!ctx.config.auth.enableSignup) throw authError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const id = crypto.randomUUID();
  try {
    await insertUser(tx, {
      id,
      email,
      encryptedPassword: null,
      emailConfirmed: true,
      appMetadata: { provider, providers: [provider] },
      userMetadata: data,
      isAnonymous: false,
    });
  } catch (e) {
    if (e && typeof e === 'object' && 'code' in e)
      throw authError(500, 'unexpected_failure', 'Database error saving new user');
    throw e;
  }
  await insertIdentity(tx, id, provider, sub, data);
  return id;
}

export async function callback(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const form = new URLSearchParams((await readBody(req, 64 * 1024)).toString('utf8'));
  const rawState = form.get('state');
  const state = readState(ctx, rawState);
  const where: 'hash' | 'query' = state.flow_state_id ? 'query' : 'hash';
  const fail = (code: string, description: string) =>
    redirect(
      res,
      withParams(
        state.redirect_to,
        {
          error: code === 'access_denied' ? 'access_denied' : 'server_error',
          error_code: code,
          error_description: description,
        },
        where,
      ),
    );
  if (form.get('cancel')) return fail('access_denied', 'The user cancelled the sign-in');
  const email = (str(form.get('email')) ?? '').trim().toLowerCase();
  const name = (form.get('name') ?? '').trim();
  const lang = pageLanguage(req);
  if (!email || !isEmail(email)) {
    html(res, 400, consentPage(ctx, lang, state.provider, rawState!, TEXTS[lang].invalidEmail, email));
    return;
  }
  const providerToken = `local-${state.provider}-${crypto.randomBytes(18).toString('base64url')}`;
  let outcome: { session: SessionJson } | { code: string } | { error: [string, string] } | { refused: true };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const userId = await standInUser(ctx, tx, state.provider, email, name);
      if (!userId) return { refused: true as const };
      const user = await findUserById(tx, userId);
      if (!user) throw authError(500, 'unexpected_failure', 'User not found after sign-in');
      if (user.is_banned) return { error: ['user_banned', 'User is banned'] as [string, string] };
      if (state.flow_state_id) {
        const r = await tx.query<{ auth_code: string }>(
          `update auth.flow_state set user_id = $2, provider_access_token = $3, auth_code_issued_at = now(), updated_at = now()
            where id = $1 and created_at > now() - make_interval(secs => $4) returning auth_code`,
          [state.flow_state_id, userId, providerToken, FLOW_STATE_TTL_S],
        );
        if (!r.rows[0])
          return { error: ['flow_state_expired', 'Flow state has expired, please start again'] as [string, string] };
        await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
        return { code: r.rows[0].auth_code };
      }
      return { session: await issueSession(ctx, tx, req, userId, 'oauth', { provider_token: providerToken }) };
    });
  } catch (e) {
    const body = (e as { body?: { code?: string; message?: string } }).body;
    if (body?.code) return fail(body.code, body.message ?? 'Sign-in failed');
    throw e;
  }
  // Refused on the page itself, so the visitor can correct the address or cancel.
  if ('refused' in outcome)
    return html(res, 400, consentPage(ctx, lang, state.provider, rawState!, TEXTS[lang].refused, email));
  if ('error' in outcome) return fail(outcome.error[0], outcome.error[1]);
  if ('code' in outcome) return redirect(res, withParams(state.redirect_to, { code: outcome.code }, 'query'));
  const s = outcome.session;
  return redirect(
    res,
    withParams(
      state.redirect_to,
      {
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        provider_token: providerToken,
        refresh_token: s.refresh_token,
        token_type: 'bearer',
      },
      'hash',
    ),
  );
}

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : crypto.createHash('sha256').update(verifier).digest('base64url');
}

/** POST /token?grant_type=pkce {auth_code, code_verifier}. */
export async function exchangePkce(ctx: StackContext, req: Req, b: Json): Promise<SessionJson> {
  const code = str(b.auth_code);
  const verifier = str(b.code_verifier);
  if (!code || !verifier)
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  return ctx.db.transaction(async (tx) => {
    const r = await tx.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      method: string;
      provider_access_token: string | null;
      fresh: boolean;
    }>(
      `select id::text as id, user_id::text as user_id, code_challenge, code_challenge_method::text as method, provider_access_token,
              coalesce(auth_code_issued_at > now() - make_interval(secs => $2), false) as fresh
         from auth.flow_state where auth_code = $1 for update`,
      [code, FLOW_STATE_TTL_S],
    );
    const fs = r.rows[0];
    if (!fs || !fs.user_id)
      throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (!fs.fresh) {
      await tx.query('delete from auth.flow_state where id = $1', [fs.id]);
      throw authError(403, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const expected = Buffer.from(fs.code_challenge);
    const given = Buffer.from(challengeOf(verifier, fs.method));
    if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
      throw authError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    const user = await findUserById(tx, fs.user_id);
    if (!user) throw authError(404, 'user_not_found', 'User not found');
    if (user.is_banned) throw badRequest('user_banned', 'User is banned');
    await tx.query('delete from auth.flow_state where id = $1', [fs.id]);
    const extra: Json = fs.provider_access_token ? { provider_token: fs.provider_access_token } : {};
    return issueSession(ctx, tx, req, user.id, 'oauth', extra);
  });
}
