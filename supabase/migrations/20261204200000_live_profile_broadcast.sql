-- The live profile by Broadcast from the database (issue 42, item 5). Hosted Supabase recommends Broadcast for
-- per-user changes (Postgres Changes checks every change against every subscriber's RLS in one process and does
-- not scale): a row trigger sends each change of a profile to the private topic `profile:<user id>`, and only
-- that user may join it (a policy on realtime.messages). The shell listens there (shell/src/app/session.ts);
-- docs/platform.md says why, with the measurement.

-- Security definer: the person who changes a profile (its user, or an administrator disabling it) has no
-- INSERT policy on realtime.messages, and must not have one (nobody may write to another's topic).
create or replace function private.profile_broadcast()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(
    'profile:' || new.id::text, tg_op, tg_op, tg_table_name, tg_table_schema, new, old
  );
  return null;
end;
$$;
revoke execute on function private.profile_broadcast() from public;

create trigger profiles_broadcast
  after update on public.profiles
  for each row
  when (old is distinct from new)
  execute function private.profile_broadcast();

-- A user receives their own profile's topic, nothing else; nobody sends on it from a client.
create policy "profile topic: its user receives"
  on realtime.messages
  for select
  to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'profile:' || (select auth.uid())::text
  );
