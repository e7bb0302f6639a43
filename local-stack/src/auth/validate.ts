// Input checks shared by the auth endpoints: e-mail syntax, password strength, Go durations,
// and the redirect allow list (site_url's host, or a glob of additional_redirect_urls).
import type { StackConfig } from '../config.ts';
import { authError, validationFailed } from './errors.ts';

// Deliberately close to what GoTrue accepts: one @, a dotted domain, no spaces.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function normaliseEmail(v: unknown): string {
  if (typeof v !== 'string' || v.trim() === '') throw validationFailed('An email address is required');
  const email = v.trim().toLowerCase();
  if (email.length > 255) throw validationFailed('An email address is too long');
  if (!EMAIL_RE.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  return email;
}

export function isEmail(v: string): boolean {
  return EMAIL_RE.test(v);
}

export function checkPassword(v: unknown, cfg: StackConfig): string {
  if (typeof v !== 'string' || v === '') throw authError(422, 'validation_failed', 'Password is required');
  if ([...v].length < cfg.auth.minimumPasswordLength) {
    const msg = `Password should be at least ${cfg.auth.minimumPasswordLength} characters.`;
    throw authError(422, 'weak_password', msg, { weak_password: { reasons: ['length'], message: msg } });
  }
  if (Buffer.byteLength(v, 'utf8') > 72)
    throw authError(422, 'validation_failed', 'Password cannot be longer than 72 characters');
  return v;
}

/** Go's time.ParseDuration subset: "876000h", "1h30m", "90s", "500ms". Returns milliseconds. */
export function parseGoDuration(v: string): number | null {
  const re = /(\d+(?:\.\d+)?)(ms|h|m|s|us|µs|ns)/g;
  if (!/^(\d+(?:\.\d+)?(ms|h|m|s|us|µs|ns))+$/.test(v)) return null;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
  let total = 0;
  for (const m of v.matchAll(re)) total += Number(m[1]) * unit[m[2]!]!;
  return total;
}

function globToRegExp(glob: string): RegExp {
  let src = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      src += '.*';
      i++;
    } else if (c === '*') src += '[^./]*';
    else if (c === '?') src += '[^./]';
    else src += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}$`);
}

/** GoTrue's rule: same host as site_url, or matching an additional_redirect_urls glob; else site_url. */
export function redirectTarget(cfg: StackConfig, requested: string | null | undefined): string {
  const site = cfg.auth.siteUrl;
  if (!requested) return site;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return site;
  }
  if (!/^https?:$/.test(url.protocol) && !cfg.auth.additionalRedirectUrls.some((g) => globToRegExp(g).test(requested)))
    return site;
  try {
    if (new URL(site).hostname === url.hostname) return requested;
  } catch {}
  return cfg.auth.additionalRedirectUrls.some((g) => globToRegExp(g).test(requested)) ? requested : site;
}
