// The page's React tree: react-dom, the router, the layout and the providers. A chunk of its own
// (`boot-view`, preloaded by the HTML with the boot chunk): the boot evaluates it after its own steps, so
// evaluating react-dom and the layout is a task of its own instead of part of one long boot task that
// keeps the page from answering a tap (total blocking time on a phone).
import { startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { PlatformProvider, type PlatformDeps } from './platform.tsx';
import type { AppStore } from './store.ts';
import type { ToastStore } from '../components/toasts.tsx';
import { AppRoutes } from '../routes/router.tsx';
import { Layout } from '../components/layout.tsx';
import { releasePrerender } from './prerender.ts';

/** Replaces the page's content with `node` (the boot's error). */
export function renderStatic(container: HTMLElement, node: ReactNode): void {
  releasePrerender();
  createRoot(container).render(node);
}

/** Renders the shell: store, router, platform services and layout, as a transition (built in slices, so
 * the page answers a tap while it is built). */
export function renderApp(
  container: HTMLElement,
  { store, deps, toasts }: { store: AppStore; deps: PlatformDeps; toasts: ToastStore },
): void {
  const root = createRoot(container);
  const page = (
    <PlatformProvider deps={deps}>
      <Layout toasts={toasts} />
    </PlatformProvider>
  );
  startTransition(() =>
    root.render(
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes root={page} />
        </BrowserRouter>
      </Provider>,
    ),
  );
}
