-- The hotel's phone number (issue 43 item 6; docs/emergency.md). The guest's emergency sheet shows it as a tel:
-- link beside the hotel's address in Vietnamese, for the guest to call the front desk or to give a dispatcher.
-- Same format rule as a place's phone (activities_phone_format): digits, spaces, + ( ) . / - only.
alter table public.customers
  add column phone text,
  add constraint customers_phone_format check (phone is null or phone ~ '^\+?[0-9 ()./-]{3,32}$');
comment on column public.customers.phone is 'The hotel''s phone as guests dial it (front desk, 24 h), e.g. +84 28 3822 0000.';

-- Moderators edit it with their customer's other settings (RLS: "Moderators can update their customer").
grant update (phone) on public.customers to authenticated;
