// The share menu when the browser has no share sheet: LINE and WhatsApp by their share addresses, Zalo by copying the
// link then opening Zalo, KakaoTalk only with the operator's key (its SDK, loaded on that tap), a QR code to scan with
// WeChat (drawn here: nothing fetched), and "Copy link". A dialog in a portal; Escape, × and the scrim close it.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { featureCatalogue } from '../hooks/use-feature-catalogue.ts';
import { kakaoAppKey, messengerLinks } from './messenger-links.ts';
import type { SharePayload } from './use-share.tsx';
import { shareKakao } from './kakao.ts';
import en from './locales/en.json';
import './share.css';

const QrSvg = lazy(() => import('../components/qr-svg.tsx'));

/** The menu's texts, merged into the `map` namespace under `share`: English here, the others when shown. */
const useShareTexts = featureCatalogue(
  {
    en,
    vi: () => import('./locales/vi.json'),
    fr: () => import('./locales/fr.json'),
    zh: () => import('./locales/zh.json'),
    ko: () => import('./locales/ko.json'),
    ja: () => import('./locales/ja.json'),
  } satisfies CatalogueSources,
  'share',
);

interface MenuProps {
  payload: SharePayload;
  /** The platform's runtime config (the Kakao key, if any). */
  config: unknown;
  onShared?: () => void;
  onClose: () => void;
}

export default function ShareMenu(props: MenuProps) {
  const ready = useShareTexts();
  if (!ready) return null;
  return createPortal(<Menu {...props} />, document.body);
}

function Menu({ payload, config, onShared, onClose }: MenuProps) {
  const { t } = useTranslation('map', { keyPrefix: 'share' });
  const [status, setStatus] = useState('');
  const [qr, setQr] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  const links = messengerLinks(payload.url, payload.text);
  const kakao = kakaoAppKey(config);

  useEffect(() => {
    title.current?.focus();
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', key);
    return () => document.removeEventListener('keydown', key);
  }, [onClose]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payload.url);
      setStatus(t('copied'));
      return true;
    } catch {
      setStatus(t('copyFailed'));
      return false;
    }
  };
  const zalo = async () => {
    await copy();
    onShared?.();
    window.open(links.zalo, '_blank', 'noopener,noreferrer');
  };
  const viaKakao = async () => {
    try {
      await shareKakao(kakao!, payload);
      onShared?.();
    } catch {
      setStatus(t('kakaoFailed'));
    }
  };

  return (
    <div className="gm-share-scrim" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div className="gm-share" role="dialog" aria-modal="true" aria-labelledby="gm-share-title">
        <div className="gm-share-head">
          <h2 id="gm-share-title" ref={title} tabIndex={-1}>
            {t('title')}
          </h2>
          <button type="button" className="gm-share-close" aria-label={t('close')} onClick={onClose}>
            ×
          </button>
        </div>
        <p className="gm-share-what">{payload.title}</p>
        <ul className="gm-share-list">
          <li>
            <a href={links.line} target="_blank" rel="noopener noreferrer" onClick={() => onShared?.()}>
              {t('line')}
            </a>
          </li>
          <li>
            <a href={links.whatsapp} target="_blank" rel="noopener noreferrer" onClick={() => onShared?.()}>
              {t('whatsapp')}
            </a>
          </li>
          <li>
            <button type="button" onClick={() => void zalo()}>
              {t('zalo')}
            </button>
          </li>
          {kakao && (
            <li>
              <button type="button" onClick={() => void viaKakao()}>
                {t('kakao')}
              </button>
            </li>
          )}
          <li>
            <button type="button" aria-expanded={qr} onClick={() => setQr((o) => !o)}>
              {t('wechat')}
            </button>
          </li>
          <li>
            <button type="button" onClick={() => void copy().then((ok) => ok && onShared?.())}>
              {t('copy')}
            </button>
          </li>
        </ul>
        {qr && (
          <div className="gm-share-qr">
            <Suspense fallback={null}>
              <QrSvg className="gm-share-qr-code" value={payload.url} label={t('qrLabel', { url: payload.url })} />
            </Suspense>
            <p className="gm-muted gm-small">{t('wechatHint')}</p>
          </div>
        )}
        <p className="gm-share-status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
