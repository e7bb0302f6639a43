// POST /logout (GoTrue's api/logout.go): ends the session (local), every session (global) or the others.
import type { StackContext } from '../../context.ts';
import type { Req, Res } from '../../http/router.ts';
import { validationFailed } from '../errors.ts';
import { reply } from '../http.ts';
import { requireUser } from '../models/sessions.ts';

export async function logout(ctx: StackContext, req: Req, res: Res): Promise<void> {
  const { user, sessionId } = await requireUser(ctx, req);
  const scope = req.query.get('scope') ?? 'global';
  if (scope === 'global') await ctx.db.query('delete from auth.sessions where user_id = $1', [user.id]);
  else if (scope === 'local') {
    if (sessionId) await ctx.db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await ctx.db.query('delete from auth.sessions where user_id = $1 and id is distinct from $2::uuid', [
      user.id,
      sessionId,
    ]);
  } else throw validationFailed(`Unsupported logout scope "${scope}"`);
  reply(res, 204, undefined);
}
