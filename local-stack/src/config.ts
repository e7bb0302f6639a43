// Reads a Supabase CLI project's config.toml (the subset this stack honours) into one typed object.
// Values may be written `env(NAME)` as in the CLI. Environment variables override keys and ports.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { signJwt } from './jwt.ts';

export const CLI_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

export interface StackConfig {
  projectId: string;
  workdir: string;
  api: {
    port: number;
    schemas: string[];
    extraSearchPath: string[];
    maxRows: number;
    /** The role of requests without a token (PostgREST's `db-anon-role`; Supabase: `anon`). */
    anonRole: string;
  };
  db: { port: number; migrations: boolean; seed: { enabled: boolean; sqlPaths: string[] } };
  inbox: { port: number };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    jwtSecret: string;
    anonKey: string;
    serviceRoleKey: string;
    enableSignup: boolean;
    enableAnonymousSignIns: boolean;
    enableRefreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    minimumPasswordLength: number;
    rateLimit: {
      emailSent: number;
      signInSignUps: number;
      tokenVerifications: number;
      anonymousUsers: number;
      tokenRefresh: number;
    };
    email: {
      enableConfirmations: boolean;
      doubleConfirmChanges: boolean;
      otpLength: number;
      otpExpiry: number;
      maxFrequencySeconds: number;
    };
    hooks: { customAccessToken: { enabled: boolean; uri: string } | null };
    external: Record<string, { enabled: boolean; clientId: string; secret: string; redirectUri: string }>;
  };
  /**
   * `imageTransformation`: `[storage.image_transformation] enabled` (the CLI starts imgproxy and storage-api
   * registers `/render/image` only then; absent = off).
   */
  storage: { fileSizeLimit: number; imageTransformation: boolean };
}

type Tbl = Record<string, unknown>;
const tbl = (v: unknown): Tbl => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Tbl) : {});
/** The environment `env(NAME)` values are read from: the one loadConfig was given (it runs synchronously). */
let configEnv: NodeJS.ProcessEnv = process.env;
function envSub(v: unknown): unknown {
  if (typeof v === 'string') {
    const m = /^env\((\w+)\)$/.exec(v.trim());
    if (m) return configEnv[m[1]!] ?? '';
  }
  return v;
}
const str = (v: unknown, d: string) => (typeof envSub(v) === 'string' && envSub(v) !== '' ? (envSub(v) as string) : d);
const num = (v: unknown, d: number) => {
  const x = envSub(v);
  const n = typeof x === 'number' ? x : typeof x === 'string' && x !== '' ? Number(x) : NaN;
  return Number.isFinite(n) ? n : d;
};
const bool = (v: unknown, d: boolean) => {
  const x = envSub(v);
  return typeof x === 'boolean' ? x : x === 'true' ? true : x === 'false' ? false : d;
};
const strs = (v: unknown, d: string[]) => (Array.isArray(v) ? v.map((x) => String(envSub(x))) : d);

/** "50MiB" → bytes */
export function parseSize(v: unknown, d: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return d;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(v);
  if (!m) return d;
  const unit = (m[2] ?? 'B').toUpperCase();
  const mult: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, KIB: 1024, MIB: 1024 ** 2, GIB: 1024 ** 3 };
  return Math.round(Number(m[1]) * (mult[unit] ?? 1));
}

function parseDuration(v: unknown, d: number): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return d;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(v.trim());
  if (!m) return d;
  const f = { ms: 0.001, s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Number(m[1]) * f;
}

export function makeKey(role: 'anon' | 'service_role', secret: string): string {
  // The Supabase CLI's well-known local keys are exactly these claims signed with its secret.
  return signJwt({ iss: 'supabase-demo', role, exp: 1983812996 }, secret);
}

/**
 * The folder holding a project's config.toml, migrations/ and seed.sql. As with the Supabase CLI's
 * `--workdir`, DIR may be the project root (with a `supabase/` folder inside) or that folder itself.
 */
export function resolveProjectDir(dir: string): string {
  const inner = path.join(dir, 'supabase');
  if (!fs.existsSync(path.join(dir, 'config.toml')) && fs.existsSync(path.join(inner, 'config.toml'))) return inner;
  return dir;
}

/** `[db.seed] sql_paths` (relative to the project folder; `*` and `?` match within a file name) → files, in order. */
export function seedFiles(c: StackConfig): string[] {
  if (!c.db.seed.enabled) return [];
  const out: string[] = [];
  for (const p of c.db.seed.sqlPaths) {
    const full = path.resolve(c.workdir, p);
    const base = path.basename(full);
    if (!/[*?]/.test(base)) {
      if (fs.existsSync(full) && !out.includes(full)) out.push(full);
      continue;
    }
    const dir = path.dirname(full);
    const re = new RegExp(
      `^${base
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    );
    const names = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((n) => re.test(n))
          .sort()
      : [];
    for (const n of names) if (!out.includes(path.join(dir, n))) out.push(path.join(dir, n));
  }
  return out;
}

export function loadConfig(workdir: string, env: NodeJS.ProcessEnv = process.env): StackConfig {
  configEnv = env;
  const file = path.join(workdir, 'config.toml');
  const raw: Tbl = fs.existsSync(file) ? (parse(fs.readFileSync(file, 'utf8')) as Tbl) : {};
  const api = tbl(raw.api);
  const db = tbl(raw.db);
  const seed = tbl(db.seed);
  const auth = tbl(raw.auth);
  const email = tbl(auth.email);
  const rl = tbl(auth.rate_limit);
  const hook = tbl(tbl(auth.hook).custom_access_token);
  const jwtSecret = env.JWT_SECRET || str(auth.jwt_secret, CLI_JWT_SECRET);
  const external: StackConfig['auth']['external'] = {};
  for (const [name, v] of Object.entries(tbl(auth.external))) {
    const t = tbl(v);
    external[name] = {
      enabled: bool(t.enabled, false),
      clientId: str(t.client_id, ''),
      secret: str(t.secret, ''),
      redirectUri: str(t.redirect_uri, ''),
    };
  }
  return {
    projectId: str(raw.project_id, path.basename(path.resolve(workdir, '..'))),
    workdir,
    api: {
      port: num(env.SUPABASE_API_PORT, num(api.port, 54321)),
      schemas: strs(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: strs(api.extra_search_path, ['public', 'extensions']),
      maxRows: num(api.max_rows, 1000),
      anonRole: 'anon',
    },
    db: {
      port: num(env.SUPABASE_DB_PORT, num(db.port, 54322)),
      migrations: bool(tbl(db.migrations).enabled, true),
      seed: { enabled: bool(seed.enabled, true), sqlPaths: strs(seed.sql_paths, ['./seed.sql']) },
    },
    inbox: { port: num(env.SUPABASE_INBOX_PORT, num(tbl(raw.inbucket).port, 54324)) },
    auth: {
      siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
      additionalRedirectUrls: [
        ...strs(auth.additional_redirect_urls, []),
        ...(env.GUESTMAP_EXTRA_REDIRECT_URLS ?? '').split(',').filter(Boolean),
      ],
      jwtExpiry: num(env.JWT_EXPIRY, num(auth.jwt_expiry, 3600)),
      jwtSecret,
      anonKey: env.ANON_KEY || makeKey('anon', jwtSecret),
      serviceRoleKey: env.SERVICE_ROLE_KEY || makeKey('service_role', jwtSecret),
      enableSignup: bool(auth.enable_signup, true),
      enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
      enableRefreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
      minimumPasswordLength: num(auth.minimum_password_length, 6),
      // The CLI template's defaults (hosted's), per client IP. AUTH_RATE_LIMIT_<KEY> overrides a key for
      // one run without touching config.toml (which `supabase config push` carries to production).
      rateLimit: {
        emailSent: num(env.AUTH_RATE_LIMIT_EMAIL_SENT, num(rl.email_sent, 2)),
        signInSignUps: num(env.AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS, num(rl.sign_in_sign_ups, 30)),
        tokenVerifications: num(env.AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS, num(rl.token_verifications, 30)),
        anonymousUsers: num(env.AUTH_RATE_LIMIT_ANONYMOUS_USERS, num(rl.anonymous_users, 30)),
        tokenRefresh: num(env.AUTH_RATE_LIMIT_TOKEN_REFRESH, num(rl.token_refresh, 150)),
      },
      email: {
        // Absent keys default as the Supabase CLI's do (confirmations off, double confirmation of
        // changes on); hosted projects start with confirmations on, and so does this project's config.toml.
        enableConfirmations: bool(email.enable_confirmations, false),
        doubleConfirmChanges: bool(email.double_confirm_changes, true),
        otpLength: num(email.otp_length, 6),
        otpExpiry: num(email.otp_expiry, 3600),
        maxFrequencySeconds: parseDuration(email.max_frequency, 1),
      },
      hooks: {
        customAccessToken: bool(hook.enabled, false) ? { enabled: true, uri: str(hook.uri, '') } : null,
      },
      external,
    },
    storage: {
      fileSizeLimit: parseSize(tbl(raw.storage).file_size_limit, 50 * 1024 * 1024),
      imageTransformation: bool(tbl(tbl(raw.storage).image_transformation).enabled, false),
    },
  };
}
