// When the shell cannot start: a boot file did not arrive (a dropped connection on roaming data) or a boot
// step failed. Without this the page stayed on its spinner (or the hotel's splash) for ever. It says so in
// the visitor's language, with a button that tries again. Plain DOM: React and i18n may be what failed.
// The texts are the shell catalogue's errors.network and remote.retry (a unit test keeps them equal),
// written here because the catalogue of the visitor's language may be what could not be downloaded.
import { firstSpoken, type LANGUAGES } from '@guestmap/shared-ui/languages';

type Lang = (typeof LANGUAGES)[number]['lang'];

export const BOOT_FAILED_TEXTS = {
  en: {
    network: "Can't reach the server. Check your connection and try again.",
    other: 'Guestmap could not start.',
    retry: 'Retry',
  },
  vi: {
    network: 'Không thể kết nối máy chủ. Hãy kiểm tra kết nối và thử lại.',
    other: 'Guestmap không thể khởi động.',
    retry: 'Thử lại',
  },
  fr: {
    network: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    other: "Guestmap n'a pas pu démarrer.",
    retry: 'Réessayer',
  },
  zh: {
    network: '无法连接服务器。请检查网络连接后重试。',
    other: 'Guestmap 无法启动。',
    retry: '重试',
  },
  ko: {
    network: '서버에 연결할 수 없어요. 연결 상태를 확인하고 다시 시도해 주세요.',
    other: 'Guestmap을 시작할 수 없어요.',
    retry: '다시 시도',
  },
  ja: {
    network: 'サーバーに接続できません。接続を確認して、もう一度お試しください。',
    other: 'Guestmapを起動できませんでした。',
    retry: '再試行',
  },
} satisfies Record<Lang, { network: string; other: string; retry: string }>;

/** Where the shell keeps the chosen locale (LOCALE_STORAGE_KEY of the contracts, which would bring React into the entry). */
export const STORED_LOCALE_KEY = 'locale';

/** The visitor's language as the shell would choose it (app/i18n.ts): the stored choice, else the first of
 *  the browser's preferred languages the product speaks, else English. */
export function bootLanguage(stored: string | null, browser: string | readonly string[] | undefined): Lang {
  const preferred = typeof browser === 'string' ? [browser] : (browser ?? []);
  return firstSpoken([stored])?.lang ?? firstSpoken(preferred)?.lang ?? 'en';
}

/** A file that did not download (webpack's ChunkLoadError, a failed fetch), as opposed to a fault in the code. */
export function isNetworkFailure(e: unknown): boolean {
  const err = e as { name?: string; message?: string } | null;
  return (
    !!err &&
    (err.name === 'ChunkLoadError' || (err.name === 'TypeError' && /fetch|network|load/i.test(err.message ?? '')))
  );
}

export function showBootFailure(error: unknown, doc: Document = document): void {
  console.error('[shell] Guestmap could not start', error);
  let stored: string | null = null;
  try {
    stored = doc.defaultView?.localStorage.getItem(STORED_LOCALE_KEY) ?? null;
  } catch {}
  const nav = doc.defaultView?.navigator;
  const t = BOOT_FAILED_TEXTS[bootLanguage(stored, nav?.languages?.length ? nav.languages : nav?.language)];
  const box = doc.createElement('div');
  box.className = 'gm-boot gm-boot-failed';
  box.setAttribute('role', 'alert');
  const text = doc.createElement('p');
  text.textContent = isNetworkFailure(error) ? t.network : t.other;
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.textContent = t.retry;
  retry.addEventListener('click', () => doc.defaultView?.location.reload());
  const inner = doc.createElement('div');
  inner.append(text, retry);
  box.append(inner);
  // Over whatever the page shows (its spinner, a hotel's splash): the page is not going to change by itself.
  const root = doc.getElementById('root') ?? doc.body;
  root.replaceChildren(box);
  retry.focus();
}
