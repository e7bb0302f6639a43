// The mails auth sends, in the user's language (user_metadata.language or .locale: vi-VN, fr-FR, else English).
export type Lang = 'en' | 'vi' | 'fr';

export function mailLanguage(meta: Record<string, unknown>): Lang {
  const v = String(meta.language ?? meta.locale ?? '').toLowerCase();
  if (v.startsWith('vi')) return 'vi';
  if (v.startsWith('fr')) return 'fr';
  return 'en';
}

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface Texts {
  subject: string;
  intro: string;
  codeLine: string;
  validity: (minutes: number) => string;
  ignore: string;
}

const RECOVERY: Record<Lang, Texts> = {
  en: {
    subject: 'Reset your Guestmap password',
    intro: 'Someone asked to reset the password of your Guestmap account.',
    codeLine: 'Enter this code to choose a new password:',
    validity: (m) => `The code is valid for ${m} minutes.`,
    ignore: 'If you did not ask for this, you can ignore this e-mail.',
  },
  vi: {
    subject: 'Đặt lại mật khẩu Guestmap của bạn',
    intro: 'Có người đã yêu cầu đặt lại mật khẩu cho tài khoản Guestmap của bạn.',
    codeLine: 'Nhập mã này để chọn mật khẩu mới:',
    validity: (m) => `Mã có hiệu lực trong ${m} phút.`,
    ignore: 'Nếu bạn không yêu cầu việc này, hãy bỏ qua e-mail này.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Guestmap',
    intro: 'Une réinitialisation du mot de passe de votre compte Guestmap a été demandée.',
    codeLine: 'Saisissez ce code pour choisir un nouveau mot de passe :',
    validity: (m) => `Le code est valable ${m} minutes.`,
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
  },
};

const CONFIRM: Record<Lang, Omit<Texts, 'validity'> & { validity: Texts['validity'] }> = {
  en: {
    ...RECOVERY.en,
    subject: 'Confirm your Guestmap account',
    intro: 'Welcome to Guestmap.',
    codeLine: 'Enter this code to confirm your e-mail address:',
  },
  vi: {
    ...RECOVERY.vi,
    subject: 'Xác nhận tài khoản Guestmap của bạn',
    intro: 'Chào mừng bạn đến với Guestmap.',
    codeLine: 'Nhập mã này để xác nhận địa chỉ e-mail:',
  },
  fr: {
    ...RECOVERY.fr,
    subject: 'Confirmez votre compte Guestmap',
    intro: 'Bienvenue sur Guestmap.',
    codeLine: 'Saisissez ce code pour confirmer votre adresse e-mail :',
  },
};

export function codeMail(
  kind: 'recovery' | 'confirmation',
  lang: Lang,
  code: string,
  expirySeconds: number,
): { subject: string; text: string; html: string } {
  const t = (kind === 'recovery' ? RECOVERY : CONFIRM)[lang];
  const minutes = Math.max(1, Math.round(expirySeconds / 60));
  const text = `${t.intro}\n\n${t.codeLine}\n\n${code}\n\n${t.validity(minutes)}\n${t.ignore}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">
<p>${esc(t.intro)}</p>
<p>${esc(t.codeLine)}</p>
<p style="font-size:28px;letter-spacing:6px;font-weight:bold" data-code="${code}">${code}</p>
<p>${esc(t.validity(minutes))}<br>${esc(t.ignore)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}

/** Mails that confirm an address: after sign-up, and both sides of an e-mail change. */
export type ConfirmKind = 'signup' | 'email_change_new' | 'email_change_current';

interface LinkTexts {
  subject: string;
  intro: (newEmail: string) => string;
  linkLine: string;
  codeLine: string;
  validity: (minutes: number) => string;
  ignore: string;
}

const LINK: Record<ConfirmKind, Record<Lang, LinkTexts>> = {
  signup: {
    en: {
      subject: CONFIRM.en.subject,
      intro: () => 'Welcome to Guestmap.',
      linkLine: 'Open this link to confirm your e-mail address and sign in:',
      codeLine: 'Or enter this code:',
      validity: RECOVERY.en.validity,
      ignore:
        'If you did not create an account, you can ignore this e-mail: nothing happens without your confirmation.',
    },
    vi: {
      subject: CONFIRM.vi.subject,
      intro: () => 'Chào mừng bạn đến với Guestmap.',
      linkLine: 'Mở liên kết này để xác nhận địa chỉ e-mail và đăng nhập:',
      codeLine: 'Hoặc nhập mã này:',
      validity: RECOVERY.vi.validity,
      ignore: 'Nếu bạn không tạo tài khoản, hãy bỏ qua e-mail này: không có gì xảy ra nếu bạn không xác nhận.',
    },
    fr: {
      subject: CONFIRM.fr.subject,
      intro: () => 'Bienvenue sur Guestmap.',
      linkLine: 'Ouvrez ce lien pour confirmer votre adresse e-mail et vous connecter :',
      codeLine: 'Ou saisissez ce code :',
      validity: RECOVERY.fr.validity,
      ignore: "Si vous n'avez pas créé de compte, ignorez cet e-mail : rien ne se passe sans votre confirmation.",
    },
  },
  email_change_new: {
    en: {
      subject: 'Confirm your new Guestmap e-mail address',
      intro: () => 'Someone asked to use this e-mail address for a Guestmap account.',
      linkLine: 'Open this link to confirm it:',
      codeLine: 'Or enter this code:',
      validity: RECOVERY.en.validity,
      ignore: 'If you did not ask for this, ignore this e-mail: the address is not used without your confirmation.',
    },
    vi: {
      subject: 'Xác nhận địa chỉ e-mail Guestmap mới của bạn',
      intro: () => 'Có người đã yêu cầu dùng địa chỉ e-mail này cho một tài khoản Guestmap.',
      linkLine: 'Mở liên kết này để xác nhận:',
      codeLine: 'Hoặc nhập mã này:',
      validity: RECOVERY.vi.validity,
      ignore:
        'Nếu bạn không yêu cầu việc này, hãy bỏ qua e-mail này: địa chỉ sẽ không được dùng nếu bạn không xác nhận.',
    },
    fr: {
      subject: 'Confirmez votre nouvelle adresse e-mail Guestmap',
      intro: () => "Quelqu'un a demandé à utiliser cette adresse e-mail pour un compte Guestmap.",
      linkLine: 'Ouvrez ce lien pour la confirmer :',
      codeLine: 'Ou saisissez ce code :',
      validity: RECOVERY.fr.validity,
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : l'adresse n'est pas utilisée sans votre confirmation.",
    },
  },
  email_change_current: {
    en: {
      subject: 'Confirm the change of your Guestmap e-mail address',
      intro: (to) => `Someone asked to change the e-mail address of your Guestmap account to ${to}.`,
      linkLine: 'Open this link to confirm the change:',
      codeLine: 'Or enter this code:',
      validity: RECOVERY.en.validity,
      ignore: 'If you did not ask for this, ignore this e-mail: nothing changes without your confirmation.',
    },
    vi: {
      subject: 'Xác nhận việc đổi địa chỉ e-mail Guestmap của bạn',
      intro: (to) => `Có người đã yêu cầu đổi địa chỉ e-mail của tài khoản Guestmap của bạn thành ${to}.`,
      linkLine: 'Mở liên kết này để xác nhận việc thay đổi:',
      codeLine: 'Hoặc nhập mã này:',
      validity: RECOVERY.vi.validity,
      ignore: 'Nếu bạn không yêu cầu việc này, hãy bỏ qua e-mail này: không có gì thay đổi nếu bạn không xác nhận.',
    },
    fr: {
      subject: 'Confirmez le changement de votre adresse e-mail Guestmap',
      intro: (to) => `Quelqu'un a demandé à remplacer l'adresse e-mail de votre compte Guestmap par ${to}.`,
      linkLine: 'Ouvrez ce lien pour confirmer le changement :',
      codeLine: 'Ou saisissez ce code :',
      validity: RECOVERY.fr.validity,
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : rien ne change sans votre confirmation.",
    },
  },
};

/** A confirmation mail: the link (GoTrue's ConfirmationURL) first, the code as an alternative. */
export function linkMail(
  kind: ConfirmKind,
  lang: Lang,
  link: string,
  code: string,
  expirySeconds: number,
  newEmail = '',
): { subject: string; text: string; html: string } {
  const t = LINK[kind][lang];
  const minutes = Math.max(1, Math.round(expirySeconds / 60));
  const text = `${t.intro(newEmail)}\n\n${t.linkLine}\n\n${link}\n\n${t.codeLine} ${code}\n\n${t.validity(minutes)}\n${t.ignore}\n`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif">
<p>${esc(t.intro(newEmail))}</p>
<p>${esc(t.linkLine)}</p>
<p><a href="${esc(link)}" data-link="confirm">${esc(link)}</a></p>
<p>${esc(t.codeLine)} <strong style="font-size:22px;letter-spacing:4px" data-code="${code}">${code}</strong></p>
<p>${esc(t.validity(minutes))}<br>${esc(t.ignore)}</p>
</body></html>`;
  return { subject: t.subject, text, html };
}
