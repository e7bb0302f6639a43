// Links a guest shares (a place, a hotel's map, a won voucher): the page's address on this origin, carrying the staff
// code of the guest's visit (s=) and no language, so it opens in the recipient's own (their browser's) language; and
// the messengers' share addresses for that link. Pure: unit-tested in share-links.test.ts.
import { STAFF_QUERY } from '../utils/staff-code.ts';

/** Query parameters that would impose the sender's language on the recipient. */
const LANGUAGE_PARAMS = ['lang', 'lng', 'locale', 'hl'];

export function shareUrl(path: string, origin: string, staffCode: string | null): string {
  let url = new URL(path, origin);
  // Only this origin's pages are shared (paths come from the route table; this is defence in depth).
  if (url.origin !== new URL(origin).origin) url = new URL('/', origin);
  for (const p of LANGUAGE_PARAMS) url.searchParams.delete(p);
  if (staffCode) url.searchParams.set(STAFF_QUERY, staffCode);
  else url.searchParams.delete(STAFF_QUERY);
  return url.toString();
}

export interface MessengerLinks {
  line: string;
  whatsapp: string;
  /** Zalo has no share address: the link is copied, then Zalo opened for the guest to paste it. */
  zalo: string;
}

/** The text and the link in one message, as the messengers' share addresses take them. */
export function messengerLinks(url: string, text: string): MessengerLinks {
  const message = encodeURIComponent(text ? `${text} ${url}` : url);
  return {
    line: `https://line.me/R/share?text=${message}`,
    whatsapp: `https://wa.me/?text=${message}`,
    zalo: 'https://zalo.me/',
  };
}

/**
 * The operator's Kakao JavaScript key, from the runtime config (`share.kakaoAppKey` in /config.json; docs/sharing.md).
 * Without one, KakaoTalk is not offered: its sharing needs Kakao's SDK and a domain registered with that key.
 */
export function kakaoAppKey(config: unknown): string | null {
  const key = (config as { share?: { kakaoAppKey?: unknown } } | null)?.share?.kakaoAppKey;
  return typeof key === 'string' && /^[0-9a-f]{32}$/i.test(key) ? key : null;
}
