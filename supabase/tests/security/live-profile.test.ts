// The live profile by Broadcast from the database (issue 42, item 5; migration
// 20261204200000_live_profile_broadcast.sql), through supabase-js as the shell uses it, on PGlite and
// PostgreSQL 15: a change of a profile reaches its user on the private topic `profile:<id>`, and nobody else
// may join that topic or send on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { waitFor } from '@guestmap/local-stack/testing/wait.ts';
import { USERS } from '../database/support.ts';

afterAll(stopPgServer);

const PASSWORD = 'demo-pass-123';

type Got = { event: string; payload: { record?: Record<string, unknown>; operation?: string; table?: string } };

describe.each(BACKENDS)('the live profile on %s', (backend) => {
  let s: TestStack;
  const clients: SupabaseClient[] = [];

  const signedIn = async (email: string) => {
    const c = s.client();
    const { error } = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    clients.push(c);
    return c;
  };
  const listen = (c: SupabaseClient, topic: string) => {
    const got: Got[] = [];
    const statuses: string[] = [];
    const channel: RealtimeChannel = c
      .channel(topic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m) => got.push(m as unknown as Got));
    channel.subscribe((status) => statuses.push(status));
    return { got, statuses, channel };
  };

  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await s?.stop();
  });

  it("a profile's changes reach its user on its private topic; another user may neither join it nor send on it", async () => {
    const guest = await signedIn('guest@demo.test');
    const moderator = await signedIn('moderator@demo.test');
    const own = listen(guest, `profile:${USERS.guest}`);
    await waitFor(() => own.statuses.includes('SUBSCRIBED'), "the guest's join");

    // Another signed-in user is refused the topic (hosted's CHANNEL_ERROR), and the guest's own topic stays theirs.
    const spy = listen(moderator, `profile:${USERS.guest}`);
    await waitFor(() => spy.statuses.includes('CHANNEL_ERROR'), "the moderator's refusal");
    expect(spy.statuses).not.toContain('SUBSCRIBED');

    // The guest renames themselves through the API: the change arrives as the row, as the shell applies it.
    const { error } = await guest.from('profiles').update({ display_name: 'Live Lan' }).eq('id', USERS.guest);
    expect(error).toBeNull();
    await waitFor(() => own.got.length === 1, 'the broadcast change');
    expect(own.got[0]).toMatchObject({
      event: 'UPDATE',
      payload: { operation: 'UPDATE', table: 'profiles', record: { id: USERS.guest, display_name: 'Live Lan' } },
    });

    // An administrator disables the account (the service role here): the user hears it at once.
    const disabled = await s.service().from('profiles').update({ is_disabled: true }).eq('id', USERS.guest);
    expect(disabled.error).toBeNull();
    await waitFor(() => own.got.length === 2, 'the disable');
    expect(own.got[1]!.payload.record).toMatchObject({ is_disabled: true });
    await s.service().from('profiles').update({ is_disabled: false }).eq('id', USERS.guest);

    // Nobody sends on a profile topic from a client: a forged "disabled" from another user is not delivered.
    await expect(
      moderator
        .channel(`profile:${USERS.guest}`, { config: { private: true } })
        .httpSend('UPDATE', { record: { id: USERS.guest, is_disabled: true } }),
    ).rejects.toThrow();
    await waitFor(() => own.got.length === 3, 'the re-enable');
    await new Promise((r) => setTimeout(r, 300));
    expect(own.got).toHaveLength(3);
    expect(own.got[2]!.payload.record).toMatchObject({ is_disabled: false });
  });
});
