// KakaoTalk sharing through Kakao's JavaScript SDK, loaded on the tap only, and only where the operator configured a
// Kakao app key (its domain registered with Kakao); the server then allows Kakao's script origin in the page's CSP
// (shell/scripts/platform.mjs, GUESTMAP_KAKAO_APP_KEY). Without a key nothing of Kakao is loaded or offered.
import type { SharePayload } from './use-share.tsx';

export const KAKAO_SDK = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

interface KakaoSdk {
  isInitialized(): boolean;
  init(key: string): void;
  Share: { sendDefault(o: unknown): void };
}

let loading: Promise<KakaoSdk> | null = null;

function sdk(): Promise<KakaoSdk> {
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = KAKAO_SDK;
    s.crossOrigin = 'anonymous';
    s.onload = () => {
      const k = (window as unknown as { Kakao?: KakaoSdk }).Kakao;
      if (k) resolve(k);
      else reject(new Error('Kakao SDK missing'));
    };
    s.onerror = () => {
      loading = null;
      reject(new Error('Kakao SDK failed to load'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export async function shareKakao(key: string, p: SharePayload): Promise<void> {
  const k = await sdk();
  if (!k.isInitialized()) k.init(key);
  k.Share.sendDefault({
    objectType: 'text',
    text: p.text,
    link: { mobileWebUrl: p.url, webUrl: p.url },
  });
}
