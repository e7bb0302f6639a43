// When the shell cannot start: a boot file did not arrive (a dropped connection on roaming data) or a boot
// step failed. Without this the page stayed on its spinner (or the hotel's splash) for ever. It says so in
// the visitor's language, with a button that tries again. Plain DOM: React and i18n may be what failed.
// The texts are the shell catalogue's errors.network and remote.retry (a unit test keeps them equal),
// written here because the catalogue for Vietnamese or French may be what could not be downloaded.
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
} as const;

type Lang = keyof typeof BOOT_FAILED_TEXTS;

/** Where the shell keeps the chosen locale (LOCALE_STORAGE_KEY of the contracts, which would bring React into the entry). */
export const STORED_LOCALE_KEY = 'locale';

/** The visitor's language as the shell would choose it (app/i18n.ts): the stored choice, else the browser's. */
export function bootLanguage(stored: string | null, browser: string | undefined): Lang {
  for (const tag of [stored, browser]) {
    const l = String(tag ?? '')
      .slice(0, 2)
      .toLowerCase();
    if (l === 'en' || l === 'vi' || l === 'fr') return l;
  }
  return 'en';
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
  const t = BOOT_FAILED_TEXTS[bootLanguage(stored, doc.defaultView?.navigator.language)];
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
