// Toasts for every remote (usePlatform().toast), spec section 9: types success, error, warning,
// info, default; top-center; no progress bar; newest on top; 5000 ms; at most 20; dismissed by a
// close button or by dragging sideways past 60% of the toast's width (pointer events: mouse,
// touch and pen alike). The timer pauses while the pointer is over a toast, while it has focus
// and while it is being dragged, so nobody loses a message they are reading.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { ToastApi, ToastType } from '@guestmap/shared-ui/contracts';

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_LIMIT = 20;
export const DRAG_DISMISS_RATIO = 0.6;

export interface Toast {
  id: string;
  message: string;
  type: ToastType;
}

export function createToastStore() {
  let toasts: Toast[] = [];
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  let n = 0;
  const dismiss = (id?: string) => {
    const next = id ? toasts.filter((t) => t.id !== id) : [];
    if (next.length === toasts.length) return;
    toasts = next;
    emit();
  };
  const show = (message: string, type: ToastType = 'default') => {
    const id = `t${++n}`;
    // Newest on top; beyond the limit the oldest go.
    toasts = [{ id, message: String(message), type }, ...toasts].slice(0, TOAST_LIMIT);
    emit();
    return id;
  };
  const api: ToastApi = {
    show,
    success: (m) => show(m, 'success'),
    error: (m) => show(m, 'error'),
    warning: (m) => show(m, 'warning'),
    info: (m) => show(m, 'info'),
    dismiss,
  };
  return {
    api,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    get: () => toasts,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** Whether a horizontal drag of `dx` pixels dismisses a toast `width` pixels wide. */
export function dragDismisses(dx: number, width: number): boolean {
  return width > 0 && Math.abs(dx) >= DRAG_DISMISS_RATIO * width;
}

/** A timer that can pause and resume with the time it had left. */
function usePausableTimeout(onDone: () => void, ms: number, paused: boolean) {
  const remaining = useRef(ms);
  const doneRef = useRef(onDone);
  doneRef.current = onDone;
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const t = setTimeout(() => doneRef.current(), remaining.current);
    return () => {
      clearTimeout(t);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused]);
}

const ICONS: Record<ToastType, string | null> = {
  success: 'M5 12.5l4.5 4.5L19 7.5',
  error: 'M7 7l10 10M17 7L7 17',
  warning: 'M12 8v5M12 16.5v.5',
  info: 'M12 11v6M12 7.5v.5',
  default: null,
};

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const [drag, setDrag] = useState<{ startX: number; dx: number; pointerId: number } | null>(null);
  const [leaving, setLeaving] = useState<0 | 1 | -1>(0);
  const el = useRef<HTMLDivElement>(null);
  usePausableTimeout(onClose, TOAST_TIMEOUT_MS, hover || focus || drag !== null || leaving !== 0);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    el.current?.setPointerCapture?.(e.pointerId);
    setDrag({ startX: e.clientX, dx: 0, pointerId: e.pointerId });
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    setDrag({ ...drag, dx: e.clientX - drag.startX });
  };
  const endDrag = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag || e.pointerId !== drag.pointerId) return;
    const dx = e.clientX - drag.startX;
    const width = el.current?.offsetWidth ?? 0;
    setDrag(null);
    if (dragDismisses(dx, width)) setLeaving(dx > 0 ? 1 : -1);
  };
  useEffect(() => {
    if (leaving === 0) return;
    const reduce = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(onClose, reduce ? 0 : 180);
    return () => clearTimeout(timer);
  }, [leaving, onClose]);

  const width = el.current?.offsetWidth ?? 1;
  const dx = leaving !== 0 ? leaving * width * 1.2 : (drag?.dx ?? 0);
  const style =
    dx !== 0
      ? {
          transform: `translateX(${dx}px)`,
          opacity: Math.max(0.2, 1 - Math.abs(dx) / width),
          transition: drag ? 'none' : undefined,
        }
      : undefined;
  const icon = ICONS[toast.type];

  return (
    <div
      ref={el}
      className={`gm-toast gm-toast-${toast.type}`}
      role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
      data-type={toast.type}
      style={style}
      onPointerEnter={() => setHover(true)}
      onPointerLeave={() => setHover(false)}
      onFocus={() => setFocus(true)}
      onBlur={() => setFocus(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={() => setDrag(null)}
    >
      {icon && (
        <svg
          className="gm-toast-icon"
          aria-hidden="true"
          width="20"
          height="20"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={icon} />
        </svg>
      )}
      <span className="gm-toast-message">{toast.message}</span>
      <button type="button" className="gm-toast-close" aria-label={t('toast.close')} onClick={onClose}>
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.4"
          strokeLinecap="round"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}

export function ToastHost({ store }: { store: ToastStore }) {
  const { t } = useTranslation('shell');
  const toasts = useSyncExternalStore(store.subscribe, store.get, store.get);
  const dismiss = useCallback((id: string) => store.api.dismiss(id), [store]);
  return (
    <section className="gm-toasts" aria-label={t('toast.region')} aria-live="polite">
      {toasts.map((toast) => (
        <ToastSlot key={toast.id} toast={toast} dismiss={dismiss} />
      ))}
    </section>
  );
}

function ToastSlot({ toast, dismiss }: { toast: Toast; dismiss: (id: string) => void }) {
  const onClose = useCallback(() => dismiss(toast.id), [dismiss, toast.id]);
  return <ToastItem toast={toast} onClose={onClose} />;
}
