-- Prices in đồng, with an estimate the guest can read (issue 43 item 4; docs/prices.md).
-- Vietnamese rules forbid listing prices in a foreign currency, so a place's price is stored in whole VND only:
-- a single price (min = max) or a range (min < max). The guest's estimate in another currency is computed in the
-- browser from public.exchange_rates, which the operator refreshes from a bank's published daily list
-- (supabase/scripts/vn-rates.ts) and which only the service role writes.

-- ─── prices on places ───────────────────────────────────────────────────────────
-- bigint: whole đồng, never a fraction; the bound (10^12 ₫, about 40 million USD) keeps every price an exact
-- JSON number and a typo of a few extra zeros out.
alter table public.activities
  add column price_min_vnd bigint,
  add column price_max_vnd bigint,
  add constraint activities_price_vnd_both check ((price_min_vnd is null) = (price_max_vnd is null)),
  add constraint activities_price_vnd_non_negative check (price_min_vnd >= 0 and price_max_vnd >= 0),
  add constraint activities_price_vnd_order check (price_min_vnd <= price_max_vnd),
  add constraint activities_price_vnd_bound check (price_max_vnd <= 1000000000000);
comment on column public.activities.price_min_vnd is 'Price in whole VND: the lowest (= price_max_vnd for a single price); null with price_max_vnd when none is given.';
comment on column public.activities.price_max_vnd is 'Price in whole VND: the highest (= price_min_vnd for a single price).';
-- The table's grants cover every column (moderators write the row through RLS; anon reads published rows).

-- ─── exchange rates ─────────────────────────────────────────────────────────────
-- One row per currency: how many đồng one unit buys at the source's published rate, the source (the bank) and
-- the date the source gave the rate for. Guests read it (the estimate under a price); only the service role
-- (the operator's command with the service key) writes it.
create table public.exchange_rates (
  currency char(3) primary key,
  vnd_per_unit numeric(18, 4) not null,
  source text not null,
  as_of date not null,
  updated_at timestamptz not null default now(),
  constraint exchange_rates_currency_code check (currency ~ '^[A-Z]{3}$' and currency <> 'VND'),
  constraint exchange_rates_rate_positive check (vnd_per_unit > 0),
  constraint exchange_rates_source_length check (char_length(source) between 1 and 100)
);
comment on table public.exchange_rates is 'VND per unit of a foreign currency from a bank''s published daily list (docs/prices.md). Read by everyone, written by the service role only.';

alter table public.exchange_rates enable row level security;
create policy "Anyone can read the exchange rates" on public.exchange_rates for select to anon, authenticated using (true);
grant select on table public.exchange_rates to anon, authenticated;
grant select, insert, update on table public.exchange_rates to service_role;
