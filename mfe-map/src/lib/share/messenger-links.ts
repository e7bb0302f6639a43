// The messengers' share addresses for a link, and the operator's Kakao key: used by the share menu only (so they
// travel with its chunk, not with the guest's first path). Unit-tested in share-links.test.ts.
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
