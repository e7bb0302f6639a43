// Opens the contact dialog from any marketing page; its code (form, validation, request) is a
// separate chunk loaded on the first open.
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ContactTopic } from '../../../lib/utils/contact-topic.ts';

const ContactFormDialog = lazy(() => import('../components/contact-form-dialog.tsx'));

export function useContactDialog(): { open: (topic?: ContactTopic) => void; dialog: ReactNode } {
  const [state, setState] = useState<{ topic: ContactTopic; n: number } | null>(null);
  const open = useCallback((topic: ContactTopic = 'general') => setState((s) => ({ topic, n: (s?.n ?? 0) + 1 })), []);
  const dialog = state ? (
    <Suspense fallback={null}>
      <ContactFormDialog key={state.n} topic={state.topic} onClose={() => setState(null)} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
