// Renders one exposed screen of a remote. Whatever goes wrong with that remote (server down,
// manifest error, code that throws while loading or rendering), only this area shows a fallback
// with Retry; the shell and every other route keep working.
import {
  Component,
  Suspense,
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePlatform, type RemoteName } from '@guestmap/shared-ui/contracts';
import { loadScreen, resetRemote, RemoteUnavailableError, LOAD_GIVE_UP_MS, LOAD_TIMEOUT_MS } from '../mf/remotes.ts';
import { releasePrerender } from '../app/prerender.ts';

/** Remotes whose screens use the full Supabase client at once (auth, storage): it loads alongside them. */
const NEEDS_SUPABASE: readonly RemoteName[] = ['account', 'dashboard'];

const cache = new Map<string, ComponentType>();

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <div className="gm-remote-fallback" role="alert">
      <p>{t('remote.unavailable')}</p>
      <button type="button" className="gm-btn gm-btn-primary" onClick={onRetry}>
        {t('remote.retry')}
      </button>
    </div>
  );
}

export function RemoteLoading() {
  const { t } = useTranslation('shell');
  return (
    <div className="gm-remote-loading" role="status" aria-live="polite">
      <span className="gm-spinner" aria-hidden="true" />
      <span className="gm-visually-hidden">{t('remote.loading')}</span>
    </div>
  );
}

/** A load past its first bound but still arriving: a slow link or a busy phone, not a broken remote. */
export function RemoteSlow() {
  const { t } = useTranslation('shell');
  return (
    <p className="gm-remote-slow" role="status" aria-live="polite">
      {t('remote.slow')}
    </p>
  );
}

class RenderBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    console.error('[shell] a remote screen failed while rendering', error);
  }
  override render() {
    if (this.state.error) {
      return (
        <RemoteFallback
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

export function RemoteScreen({
  remote,
  module,
  props,
  loading,
}: {
  remote: RemoteName;
  module: string;
  props?: Record<string, unknown>;
  /** Shown while the screen's code loads (default: a spinner). */ loading?: ReactNode;
}) {
  const id = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const { loadSupabase } = usePlatform();
  useEffect(() => {
    if (NEEDS_SUPABASE.includes(remote))
      loadSupabase().catch((e) => console.warn('[shell] Supabase client unavailable', e));
  }, [remote, loadSupabase, attempt]);
  const [state, setState] = useState<{ id: string; C: ComponentType | null; failed: boolean; slow?: boolean }>(() => ({
    id,
    C: cache.get(id) ?? null,
    failed: false,
  }));
  useEffect(() => {
    const cached = cache.get(id);
    if (cached) {
      setState({ id, C: cached, failed: false });
      return;
    }
    let live = true;
    // Another screen of the same remote stays on screen while this one loads (Map → Activity):
    // when both modules export the same component, React keeps its instance and the map lives on.
    setState((s) => (!s.failed && s.id.startsWith(`${remote}/`) ? s : { id, C: null, failed: false }));
    const show = (C: ComponentType) => {
      cache.set(id, C);
      // A transition: React renders the screen in slices of a few milliseconds, yielding to the
      // browser between them, instead of one long task (a whole page is 100-300 ms on a mid-range phone).
      if (live) startTransition(() => setState({ id, C, failed: false }));
    };
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const fail = (e: unknown) => {
      clearTimeout(giveUp);
      console.warn(`[shell] ${id} unavailable`, e, (e as { cause?: unknown })?.cause);
      if (live) setState({ id, C: null, failed: true });
    };
    loadScreen(remote, module).then(show, (e) => {
      if (e instanceof RemoteUnavailableError && e.late) {
        // Slow, still arriving: the loading state says so and waits on; past the second bound the fallback
        // shows, and the load, if it ever arrives, still replaces it.
        if (live) setState((s) => (s.id === id && !s.C ? { ...s, slow: true } : s));
        giveUp = setTimeout(() => fail(e), LOAD_GIVE_UP_MS - LOAD_TIMEOUT_MS);
        e.late.then(
          (C) => {
            clearTimeout(giveUp);
            show(C);
          },
          (err: unknown) => fail(err),
        );
      } else fail(e);
    });
    return () => {
      live = false;
      clearTimeout(giveUp);
    };
  }, [id, remote, module, attempt]);
  const retry = () => {
    for (const k of [...cache.keys()]) if (k.startsWith(`${remote}/`)) cache.delete(k);
    resetRemote(remote);
    setAttempt((a) => a + 1);
  };
  const C = state.id.startsWith(`${remote}/`) ? state.C : null;
  // The server's copy of the screen's hero (app/prerender.ts) goes in the commit that shows the screen
  // (or its fallback): the screen's own hero takes its place in the same frame.
  const shown = state.failed || !!C;
  useLayoutEffect(() => {
    if (shown) releasePrerender();
  }, [shown]);
  if (state.failed) return <RemoteFallback onRetry={retry} />;
  if (!C)
    return state.slow ? (
      <>
        {loading ?? <RemoteLoading />}
        <RemoteSlow />
      </>
    ) : (
      (loading ?? <RemoteLoading />)
    );
  return (
    <RenderBoundary key={`${remote}#${attempt}`} onRetry={retry}>
      {/* A screen waiting for the Supabase client (useSupabase) shows the same loading state. */}
      <Suspense fallback={<RemoteLoading />}>
        <C {...props} />
      </Suspense>
    </RenderBoundary>
  );
}
