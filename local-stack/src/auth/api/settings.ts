// GET /health, GET /settings and GET /.well-known/jwks.json (GoTrue's health check in api/api.go, api/settings.go, api/jwks.go).
import type { StackContext } from '../../context.ts';
import type { Res } from '../../http/router.ts';
import { reply } from '../http.ts';

const KNOWN_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'twitch',
  'twitter',
  'slack_oidc',
  'spotify',
  'workos',
  'zoom',
];

export function health(res: Res): void {
  reply(res, 200, {
    version: 'guestmap-local',
    name: 'GoTrue',
    description: 'Local GoTrue-compatible auth of the Guestmap stack',
  });
}

/** Which sign-in methods are on, as supabase-js and the auth UI read them. */
export function settings(ctx: StackContext, res: Res): void {
  const a = ctx.config.auth;
  const external: Record<string, boolean> = { anonymous_users: a.enableAnonymousSignIns, email: true, phone: false };
  for (const p of KNOWN_PROVIDERS) external[p] = Boolean(a.external[p]?.enabled);
  for (const [p, v] of Object.entries(a.external)) external[p] = v.enabled;
  reply(res, 200, {
    external,
    disable_signup: !a.enableSignup,
    mailer_autoconfirm: !a.email.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  });
}

/** Tokens here are HS256 (shared secret): no public keys to publish, as on projects with legacy JWT secrets. */
export function jwks(res: Res): void {
  reply(res, 200, { keys: [] });
}
