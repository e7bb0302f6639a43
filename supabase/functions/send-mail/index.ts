// send-mail: hosted Supabase's sender for the mails the database writes (private.mail_outbox: invitations, PIN
// changes, second-factor resets). A Database Webhook on INSERT into the outbox calls it (README, Deploy); each call
// claims what is waiting, sends it through the mail provider, and marks each mail sent or gives it back with the
// provider's error for the next call (supabase/migrations/20261205900000_mail_outbox_sender.sql). Locally the stack
// delivers the outbox to its inbox itself and this function is not run, except by its test
// (supabase/tests/functions/send-mail.test.ts, under Deno).
//
// Secrets (`supabase secrets set`): MAIL_API_KEY, MAIL_FROM ("Guestmap <no-reply@example.com>"), SITE_URL (what
// `{{ .SiteURL }}` in a mail becomes: the shell's origin); MAIL_API_URL is optional (default: Resend's API, whose
// JSON body many providers accept). SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set by the platform.
// Dependency-free on purpose: nothing to fetch when it is deployed or tested.

interface Mail {
  id: number;
  to_email: string;
  subject: string;
  body_text: string;
}

const env = (name: string, fallback?: string): string => {
  const v = Deno.env.get(name) ?? fallback;
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

/** Equal strings, in time that does not depend on where they differ. */
function sameSecret(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const key = env('SUPABASE_SERVICE_ROLE_KEY');
  const res = await fetch(`${env('SUPABASE_URL')}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${name}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function send(mail: Mail): Promise<void> {
  const site = env('SITE_URL').replace(/\/+$/, '');
  const res = await fetch(env('MAIL_API_URL', 'https://api.resend.com/emails'), {
    method: 'POST',
    headers: { Authorization: `Bearer ${env('MAIL_API_KEY')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      from: env('MAIL_FROM'),
      to: [mail.to_email],
      subject: mail.subject,
      text: mail.body_text.replaceAll('{{ .SiteURL }}', site),
    }),
  });
  if (!res.ok) throw new Error(`mail provider: ${res.status} ${(await res.text()).slice(0, 500)}`);
}

/** One call: every waiting mail, in batches, until none is left or 25 s have passed. */
export async function drain(): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  const until = Date.now() + 25_000;
  while (Date.now() < until) {
    const batch = await rpc<Mail[]>('claim_outbox_mail', { p_limit: 20 });
    if (batch.length === 0) break;
    for (const mail of batch) {
      try {
        await send(mail);
        await rpc('finish_outbox_mail', { p_id: mail.id, p_error: null });
        sent++;
      } catch (e) {
        await rpc('finish_outbox_mail', { p_id: mail.id, p_error: e instanceof Error ? e.message : String(e) });
        failed++;
      }
    }
    if (failed > 0) break; // the provider refuses: the next call (the next mail's webhook) tries again
  }
  return { sent, failed };
}

Deno.serve(async (req) => {
  if (req.method !== 'POST') return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'POST' } });
  // Only the webhook, which sends the service role key: the gateway lets any signed-in user's token through.
  const auth = req.headers.get('Authorization') ?? '';
  if (!sameSecret(auth, `Bearer ${env('SUPABASE_SERVICE_ROLE_KEY')}`))
    return Response.json({ error: 'unauthorized' }, { status: 401 });
  try {
    return Response.json(await drain());
  } catch (e) {
    console.error('[send-mail]', e);
    return Response.json({ error: e instanceof Error ? e.message : String(e) }, { status: 500 });
  }
});
