-- Chinese (Simplified), Korean and Japanese for people (issue 30): a profile's language, the language
-- a sign-up asks for (user_metadata.language) and a contact message's locale may be zh-CN, ko-KR or
-- ja-JP besides en-US, vi-VN and fr-FR. The apps' list is shared-ui/src/i18n/languages.js.
-- (Place content in six languages is another migration's.)

alter type public.app_language add value if not exists 'zh-CN';
alter type public.app_language add value if not exists 'ko-KR';
alter type public.app_language add value if not exists 'ja-JP';

-- A new account's profile takes the language its sign-up asked for when the product speaks it: every
-- value of the enum (it listed the first three by hand), English otherwise.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_language public.app_language := 'en-US';
  v_name text;
begin
  if new.raw_user_meta_data ->> 'language' = any (enum_range(null::public.app_language)::text[]) then
    v_language := (new.raw_user_meta_data ->> 'language')::public.app_language;
  end if;
  v_name := nullif(btrim(coalesce(
    nullif(btrim(new.raw_user_meta_data ->> 'nickname'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), '')
  )), '');
  insert into public.profiles (id, email, display_name, language)
  values (new.id, new.email, left(v_name, 80), v_language)
  on conflict (id) do nothing;
  return new;
end;
$$;

revoke all on function private.handle_new_user() from public;
