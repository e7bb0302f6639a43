-- Administrators must have a second factor (issue 41, item 7): from now on an administrator without a verified
-- authenticator app is refused every money action (`mfa_enrolment_required`: private.require_aal2), and one with a
-- factor acts from a session that entered a code (`aal2_required`). An administrator adds one in Account settings
-- → Two-step sign-in; a lost one is reset by another administrator (public.admin_reset_second_factor). The seeded
-- administrator has one (supabase/seed.sql; its demo secret is in the README).
update private.security_settings set admins_require_mfa = true, updated_at = now() where id;

-- ─── an administrator resets a lost factor ──────────────────────────────────────
-- A person who lost their phone cannot remove the factor themselves (that takes a fresh code). Another
-- administrator, from a session that entered a code, removes every factor of the account; its holder is mailed
-- (in their language) so a reset they did not ask for does not go unnoticed, and can enrol a new app at once. An
-- administrator cannot reset their own: another one must (two people for the account that moves the most money).
create function private.factor_reset_mail(p_language text, p_when text, out subject text, out body text)
language plpgsql
immutable
set search_path = ''
as $$
begin
  case left(coalesce(p_language, 'en'), 2)
    when 'vi' then
      subject := 'Ứng dụng xác thực của tài khoản Guestmap đã được gỡ';
      body := format(E'Một quản trị viên Guestmap đã gỡ ứng dụng xác thực khỏi tài khoản của bạn lúc %s, theo yêu cầu đặt lại.\nHãy thêm lại ứng dụng trong Cài đặt tài khoản → Đăng nhập hai bước:\n{{ .SiteURL }}/user/settings\n\nNếu bạn không yêu cầu, hãy liên hệ với chúng tôi ngay.\n', p_when);
    when 'fr' then
      subject := 'L’application d’authentification de votre compte Guestmap a été retirée';
      body := format(E'Un administrateur de Guestmap a retiré l’application d’authentification de votre compte le %s, à la suite d’une demande de réinitialisation.\nAjoutez-en une de nouveau dans Paramètres du compte → Connexion en deux étapes :\n{{ .SiteURL }}/user/settings\n\nSi vous ne l’avez pas demandé, contactez-nous tout de suite.\n', p_when);
    when 'zh' then
      subject := '您的 Guestmap 账户已移除身份验证器应用';
      body := format(E'Guestmap 管理员已于 %s 根据重置请求移除了您账户中的身份验证器应用。\n请在“账户设置 → 两步登录”中重新添加：\n{{ .SiteURL }}/user/settings\n\n如果这不是您的请求，请立即联系我们。\n', p_when);
    when 'ko' then
      subject := 'Guestmap 계정의 인증 앱이 삭제됐어요';
      body := format(E'Guestmap 관리자가 재설정 요청에 따라 %s에 계정의 인증 앱을 삭제했어요.\n계정 설정 → 2단계 로그인에서 다시 추가하세요:\n{{ .SiteURL }}/user/settings\n\n요청하지 않았다면 바로 문의해 주세요.\n', p_when);
    when 'ja' then
      subject := 'Guestmap アカウントの認証アプリが削除されました';
      body := format(E'リセットの依頼により、Guestmap の管理者が %s にあなたのアカウントの認証アプリを削除しました。\nアカウント設定 → 2 段階ログインで、もう一度追加してください：\n{{ .SiteURL }}/user/settings\n\n依頼していない場合は、すぐにお問い合わせください。\n', p_when);
    else
      subject := 'The authenticator app of your Guestmap account was removed';
      body := format(E'A Guestmap administrator removed the authenticator app from your account on %s, after a request to reset it.\nAdd one again in Account settings → Two-step sign-in:\n{{ .SiteURL }}/user/settings\n\nIf you did not ask for this, contact us at once.\n', p_when);
  end case;
end;
$$;
revoke all on function private.factor_reset_mail(text, text) from public;

create function public.admin_reset_second_factor(p_email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user record;
  v_removed integer;
  v_mail record;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this' using errcode = '42501', detail = 'not_admin';
  end if;
  -- Taking a factor away weakens an account that may move money: the same session the money actions need.
  perform private.require_aal2();
  select u.id, u.email, left(coalesce(p.language::text, 'en'), 2) as language into v_user
  from auth.users u left join public.profiles p on p.id = u.id
  where lower(u.email) = lower(trim(coalesce(p_email, '')));
  if v_user.id is null then
    raise exception 'No account has this e-mail address' using errcode = 'P0001', detail = 'user_not_found';
  end if;
  if v_user.id = auth.uid() then
    raise exception 'Another administrator resets your own authenticator app' using errcode = 'P0001',
      detail = 'own_factor';
  end if;
  delete from auth.mfa_factors f where f.user_id = v_user.id;
  get diagnostics v_removed = row_count;
  if v_removed > 0 then
    select * into v_mail from private.factor_reset_mail(v_user.language,
      to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC');
    insert into private.mail_outbox (to_email, subject, body_text) values (v_user.email, v_mail.subject, v_mail.body);
  end if;
  return jsonb_build_object('email', v_user.email, 'removed', v_removed);
end;
$$;
comment on function public.admin_reset_second_factor(text) is
  'An administrator (aal2) removes every second factor of the account with this e-mail address (a lost phone); the holder is mailed.';
revoke all on function public.admin_reset_second_factor(text) from public, anon, authenticated;
grant execute on function public.admin_reset_second_factor(text) to authenticated;
