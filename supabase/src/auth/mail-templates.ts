// The mails auth sends, in the user's language (user_metadata.language or .locale: vi-VN, fr-FR, else English).
export type Lang = 'en' | 'vi' | 'fr';

export function mailLanguage(meta: Record<string, unknown>): Lang {
  const v = String(meta.language ?? meta.locale ?? '').toLowerCase();
  if (v.startsWith('vi')) return 'vi';
  if (v.startsWith('fr')) return 'fr';
  return 'en';
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
  en: { ...RECOVERY.en, subject: 'Confirm your Guestmap account', intro: 'Welcome to Guestmap.', codeLine: 'Enter this code to confirm your e-mail address:' },
  vi: { ...RECOVERY.vi, subject: 'Xác nhận tài khoản Guestmap của bạn', intro: 'Chào mừng bạn đến với Guestmap.', codeLine: 'Nhập mã này để xác nhận địa chỉ e-mail:' },
  fr: { ...RECOVERY.fr, subject: 'Confirmez votre compte Guestmap', intro: 'Bienvenue sur Guestmap.', codeLine: 'Saisissez ce code pour confirmer votre adresse e-mail :' },
};

export function codeMail(kind: 'recovery' | 'confirmation', lang: Lang, code: string, expirySeconds: number): { subject: string; text: string; html: string } {
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
