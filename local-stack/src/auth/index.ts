// The auth service: GoTrue's v2 HTTP API under /auth/v1, backed by the auth.* tables, arranged as GoTrue
// arranges its internal/ folder: api/ one module per endpoint (signup, token, user, logout, recover, verify,
// resend, external, admin, settings, mfa), models/ the tables (users and identities, sessions and refresh tokens,
// mailed codes), mailer/ the mail templates. This file is the route table (GoTrue's api.go). README.md.
import type { StackContext } from '../context.ts';
import type { Handler, Req, Res } from '../http/router.ts';
import { API_VERSION, API_VERSION_HEADER } from './errors.ts';
import { RateLimiter } from './rate-limit.ts';
import { ensureAuthSchema } from './models/sessions.ts';
import { createUser, deleteUser, getUserById, listUsers, updateUserById } from './api/admin.ts';
import { authorize, callback, consent } from './api/external.ts';
import { logout } from './api/logout.ts';
import {
  adminDeleteFactor,
  adminListFactors,
  challengeFactor,
  enrollFactor,
  unenrollFactor,
  verifyFactor,
} from './api/mfa.ts';
import { recover } from './api/recover.ts';
import { resend } from './api/resend.ts';
import { health, jwks, settings } from './api/settings.ts';
import { signup } from './api/signup.ts';
import { token } from './api/token.ts';
import { getUser, updateUser } from './api/user.ts';
import { verifyGet, verifyPost } from './api/verify.ts';

export function registerAuth(ctx: StackContext): void {
  const limiter = new RateLimiter(ctx.config);
  const route = (method: string | string[], path: string, fn: (req: Req, res: Res) => Promise<void> | void) => {
    const h: Handler = async (req, res) => {
      res.setHeader(API_VERSION_HEADER, API_VERSION);
      await ensureAuthSchema(ctx);
      await fn(req, res);
    };
    ctx.router.add(method, `/auth/v1${path}`, h);
  };

  route('GET', '/health', (_req, res) => health(res));
  route('GET', '/settings', (_req, res) => settings(ctx, res));
  route('GET', '/.well-known/jwks.json', (_req, res) => jwks(res));
  route('POST', '/signup', (req, res) => signup(ctx, limiter, req, res));
  route('POST', '/token', (req, res) => token(ctx, limiter, req, res));
  route('GET', '/user', (req, res) => getUser(ctx, req, res));
  route('PUT', '/user', (req, res) => updateUser(ctx, limiter, req, res));
  route('POST', '/factors', (req, res) => enrollFactor(ctx, req, res));
  route('POST', '/factors/:factorId/challenge', (req, res) => challengeFactor(ctx, req, res));
  route('POST', '/factors/:factorId/verify', (req, res) => verifyFactor(ctx, limiter, req, res));
  route('DELETE', '/factors/:factorId', (req, res) => unenrollFactor(ctx, req, res));
  route('POST', '/logout', (req, res) => logout(ctx, req, res));
  route('POST', '/recover', (req, res) => recover(ctx, limiter, req, res));
  route('POST', '/verify', (req, res) => verifyPost(ctx, limiter, req, res));
  route('GET', '/verify', (req, res) => verifyGet(ctx, limiter, req, res));
  route('POST', '/resend', (req, res) => resend(ctx, limiter, req, res));
  route('GET', '/authorize', (req, res) => authorize(ctx, req, res));
  route('GET', '/local-oauth/:provider', (req, res) => consent(ctx, req, res));
  route('POST', '/callback', (req, res) => callback(ctx, req, res));
  route('GET', '/admin/users', (req, res) => listUsers(ctx, req, res));
  route('POST', '/admin/users', (req, res) => createUser(ctx, req, res));
  route('GET', '/admin/users/:id', (req, res) => getUserById(ctx, req, res));
  route('PUT', '/admin/users/:id', (req, res) => updateUserById(ctx, req, res));
  route('DELETE', '/admin/users/:id', (req, res) => deleteUser(ctx, req, res));
  route('GET', '/admin/users/:id/factors', (req, res) => adminListFactors(ctx, req, res));
  route('DELETE', '/admin/users/:id/factors/:factorId', (req, res) => adminDeleteFactor(ctx, req, res));
}
