// Toasts for every remote (usePlatform().toast): top-center, newest on top, no progress bar,
// 5000 ms, at most 20 (spec section 9).
import { useEffect, useSyncExternalStore } from 'react';
import type { ToastApi, ToastType } from '@guestmap/shared-ui/contracts';

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_LIMIT = 20;

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
    toasts = id ? toasts.filter((t) => t.id !== id) : [];
    emit();
  };
  const show = (message: string, type: ToastType = 'default') => {
    const id = `t${++n}`;
    toasts = [{ id, message, type }, ...toasts].slice(0, TOAST_LIMIT);
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
      return () => listeners.delete(l);
    },
    get: () => toasts,
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

function ToastItem({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  useEffect(() => {
    const t = setTimeout(onClose, TOAST_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [onClose]);
  return (
    <div className={`gm-toast gm-toast-${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'} data-type={toast.type}>
      <span>{toast.message}</span>
      <button type="button" className="gm-toast-close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}

export function ToastHost({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.get);
  return (
    <div className="gm-toasts" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onClose={() => store.api.dismiss(t.id)} />
      ))}
    </div>
  );
}
