-- Place content in six languages (issue 30, item 2): the per-language text objects of places, guest
-- offers, hotels' welcome texts and rewards accept Simplified Chinese, Korean and Japanese beside
-- English, Vietnamese and French. Keys are the language part of the UI's locales (zh-CN → "zh",
-- ko-KR → "ko", ja-JP → "ja"). Readers fall back to English, then Vietnamese, where a language is missing.
--
-- Every i18n CHECK (activities.title/description/guest_offer, customers.welcome, reward_campaigns.title,
-- reward_prizes.label/discount_text) calls private.is_i18n_text, so replacing the function widens them
-- all; no row written before can fail the wider check.

-- ─── private.is_i18n_text: six languages ─────────────────────────────────────────
create or replace function private.is_i18n_text(p_value jsonb, p_max int, p_en_required boolean default false)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case
    when p_value is null then not p_en_required
    when jsonb_typeof(p_value) <> 'object' then false
    else
      not exists (
        select 1 from jsonb_each(p_value) e
        where e.key not in ('en', 'vi', 'fr', 'zh', 'ko', 'ja')
           or jsonb_typeof(e.value) <> 'string'
           or char_length(e.value #>> '{}') > p_max
      )
      and (not p_en_required or char_length(btrim(coalesce(p_value ->> 'en', ''))) > 0)
  end
$$;

comment on function private.is_i18n_text(jsonb, int, boolean) is
  'A per-language text object: keys among en, vi, fr, zh, ko, ja; string values of at most p_max characters; "en" non-empty when p_en_required.';

comment on column public.customers.welcome is 'Welcome text per language: {"en": "...", "vi": "...", "fr": "...", "zh": "...", "ko": "...", "ja": "..."}.';
