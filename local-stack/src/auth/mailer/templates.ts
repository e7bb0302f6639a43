// The mails auth sends, in the user's language (user_metadata.language or .locale: vi-VN, fr-FR, zh-CN, ko-KR,
// ja-JP, else English). The languages are those of the apps (shared-ui/src/i18n/languages.js); this package
// does not depend on the apps, so a test (tests/conformance/inbox.test.ts) checks every one of them has its mails.
export const MAIL_LANGS = ['en', 'vi', 'fr', 'zh', 'ko', 'ja'] as const;
export type Lang = (typeof MAIL_LANGS)[number];

export function mailLanguage(meta: Record<string, unknown>): Lang {
  const v = String(meta.language ?? meta.locale ?? '')
    .toLowerCase()
    .split(/[-_]/)[0];
  return MAIL_LANGS.find((l) => l === v) ?? 'en';
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
  zh: {
    subject: '重置您的 Guestmap 密码',
    intro: '有人请求重置您的 Guestmap 账户密码。',
    codeLine: '输入此验证码以设置新密码：',
    validity: (m) => `验证码在 ${m} 分钟内有效。`,
    ignore: '如果这不是您本人的请求，请忽略此邮件。',
  },
  ko: {
    subject: 'Guestmap 비밀번호 재설정',
    intro: 'Guestmap 계정의 비밀번호 재설정이 요청되었습니다.',
    codeLine: '새 비밀번호를 설정하려면 이 코드를 입력하세요:',
    validity: (m) => `코드는 ${m}분 동안 유효합니다.`,
    ignore: '본인이 요청하지 않았다면 이 이메일을 무시하셔도 됩니다.',
  },
  ja: {
    subject: 'Guestmap のパスワードの再設定',
    intro: 'Guestmap アカウントのパスワード再設定が依頼されました。',
    codeLine: '新しいパスワードを設定するには、次のコードを入力してください：',
    validity: (m) => `コードの有効期限は ${m} 分です。`,
    ignore: 'お心当たりがない場合は、このメールを無視してください。',
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
  zh: {
    ...RECOVERY.zh,
    subject: '确认您的 Guestmap 账户',
    intro: '欢迎使用 Guestmap。',
    codeLine: '输入此验证码以确认您的电子邮箱地址：',
  },
  ko: {
    ...RECOVERY.ko,
    subject: 'Guestmap 계정 확인',
    intro: 'Guestmap에 오신 것을 환영합니다.',
    codeLine: '이메일 주소를 확인하려면 이 코드를 입력하세요:',
  },
  ja: {
    ...RECOVERY.ja,
    subject: 'Guestmap アカウントの確認',
    intro: 'Guestmap へようこそ。',
    codeLine: 'メールアドレスを確認するには、次のコードを入力してください：',
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
    zh: {
      subject: CONFIRM.zh.subject,
      intro: () => '欢迎使用 Guestmap。',
      linkLine: '打开此链接以确认您的电子邮箱地址并登录：',
      codeLine: '或输入此验证码：',
      validity: RECOVERY.zh.validity,
      ignore: '如果您没有创建账户，请忽略此邮件：未经您的确认，不会有任何操作。',
    },
    ko: {
      subject: CONFIRM.ko.subject,
      intro: () => 'Guestmap에 오신 것을 환영합니다.',
      linkLine: '이메일 주소를 확인하고 로그인하려면 이 링크를 여세요:',
      codeLine: '또는 이 코드를 입력하세요:',
      validity: RECOVERY.ko.validity,
      ignore: '계정을 만들지 않았다면 이 이메일을 무시하세요. 확인하지 않으면 아무 일도 일어나지 않습니다.',
    },
    ja: {
      subject: CONFIRM.ja.subject,
      intro: () => 'Guestmap へようこそ。',
      linkLine: 'メールアドレスを確認してログインするには、次のリンクを開いてください：',
      codeLine: 'または次のコードを入力してください：',
      validity: RECOVERY.ja.validity,
      ignore: 'アカウントを作成していない場合は、このメールを無視してください。確認がない限り何も行われません。',
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
    zh: {
      subject: '确认您新的 Guestmap 电子邮箱地址',
      intro: () => '有人请求将此电子邮箱地址用于 Guestmap 账户。',
      linkLine: '打开此链接进行确认：',
      codeLine: '或输入此验证码：',
      validity: RECOVERY.zh.validity,
      ignore: '如果这不是您本人的请求，请忽略此邮件：未经您的确认，此地址不会被使用。',
    },
    ko: {
      subject: '새 Guestmap 이메일 주소 확인',
      intro: () => '이 이메일 주소를 Guestmap 계정에 사용하도록 요청되었습니다.',
      linkLine: '확인하려면 이 링크를 여세요:',
      codeLine: '또는 이 코드를 입력하세요:',
      validity: RECOVERY.ko.validity,
      ignore: '본인이 요청하지 않았다면 이 이메일을 무시하세요. 확인하지 않으면 이 주소는 사용되지 않습니다.',
    },
    ja: {
      subject: '新しい Guestmap メールアドレスの確認',
      intro: () => 'このメールアドレスを Guestmap アカウントで使用する依頼がありました。',
      linkLine: '確認するには、次のリンクを開いてください：',
      codeLine: 'または次のコードを入力してください：',
      validity: RECOVERY.ja.validity,
      ignore: 'お心当たりがない場合は、このメールを無視してください。確認がない限り、このアドレスは使用されません。',
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
    zh: {
      subject: '确认更改您的 Guestmap 电子邮箱地址',
      intro: (to) => `有人请求将您的 Guestmap 账户的电子邮箱地址更改为 ${to}。`,
      linkLine: '打开此链接以确认更改：',
      codeLine: '或输入此验证码：',
      validity: RECOVERY.zh.validity,
      ignore: '如果这不是您本人的请求，请忽略此邮件：未经您的确认，不会有任何更改。',
    },
    ko: {
      subject: 'Guestmap 이메일 주소 변경 확인',
      intro: (to) => `Guestmap 계정의 이메일 주소를 ${to}(으)로 변경하도록 요청되었습니다.`,
      linkLine: '변경을 확인하려면 이 링크를 여세요:',
      codeLine: '또는 이 코드를 입력하세요:',
      validity: RECOVERY.ko.validity,
      ignore: '본인이 요청하지 않았다면 이 이메일을 무시하세요. 확인하지 않으면 아무것도 변경되지 않습니다.',
    },
    ja: {
      subject: 'Guestmap メールアドレス変更の確認',
      intro: (to) => `Guestmap アカウントのメールアドレスを ${to} に変更する依頼がありました。`,
      linkLine: '変更を確認するには、次のリンクを開いてください：',
      codeLine: 'または次のコードを入力してください：',
      validity: RECOVERY.ja.validity,
      ignore: 'お心当たりがない場合は、このメールを無視してください。確認がない限り何も変更されません。',
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
