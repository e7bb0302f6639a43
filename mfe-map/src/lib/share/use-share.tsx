// Sharing from the guest map (docs/sharing.md): the phone's share sheet (Web Share API) where the browser has one,
// else a menu of messengers (LINE, WhatsApp, Zalo, KakaoTalk when configured, a QR code for WeChat, copy). Only this
// hook is on the guest's first path; the menu, its texts and the QR code load when it first opens.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { staffCodeFor } from '../utils/staff-code.ts';
import { shareUrl } from './share-links.ts';

const ShareMenu = lazy(() => import('./share-menu.tsx'));

export interface ShareRequest {
  /** The page to share: a path of this origin (from hrefFor). */
  path: string;
  title: string;
  text?: string;
}

export interface SharePayload {
  url: string;
  title: string;
  text: string;
}

/** `share(request)` and the menu to render (null while closed); `onShared` runs once something was shared. */
export function useShare(
  customerId: string | undefined,
  onShared?: () => void,
): {
  share: (r: ShareRequest) => Promise<void>;
  menu: ReactNode;
} {
  const { config } = usePlatform();
  const [open, setOpen] = useState<SharePayload | null>(null);
  const share = useCallback(
    async (r: ShareRequest) => {
      const url = shareUrl(r.path, window.location.origin, customerId ? staffCodeFor(customerId) : null);
      const payload = { url, title: r.title, text: r.text ?? r.title };
      if (typeof navigator.share === 'function') {
        try {
          await navigator.share({ title: payload.title, text: payload.text, url });
          onShared?.();
          return;
        } catch (e) {
          if ((e as Error).name === 'AbortError') return;
          // The sheet failed (not allowed here, nothing to share to): the menu instead.
        }
      }
      setOpen(payload);
    },
    [customerId, onShared],
  );
  const menu = open ? (
    <Suspense fallback={null}>
      <ShareMenu payload={open} config={config} onShared={onShared} onClose={() => setOpen(null)} />
    </Suspense>
  ) : null;
  return { share, menu };
}
