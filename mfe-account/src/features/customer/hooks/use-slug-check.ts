// The slug typed, checked against the database as it changes (format, reserved, taken); the answer for an
// older slug never replaces a newer one's.
import { useEffect, useRef, useState } from 'react';
import { useSupabase } from '@guestmap/shared-ui/contracts';
import { checkSlug, type SlugStatus } from '../api/check-slug.ts';
import { isSlugFormat } from '../utils/slug.ts';

export type SlugState = { slug: string; status: 'idle' | 'checking' | 'error' | SlugStatus };

export function useSlugCheck(slug: string): SlugState {
  const supabase = useSupabase();
  const [state, setState] = useState<SlugState>({ slug: '', status: 'idle' });
  const seq = useRef(0);
  useEffect(() => {
    const n = ++seq.current;
    if (!slug) {
      setState({ slug, status: 'idle' });
      return;
    }
    if (!isSlugFormat(slug)) {
      setState({ slug, status: 'slug_format' });
      return;
    }
    setState({ slug, status: 'checking' });
    const timer = setTimeout(() => {
      checkSlug(supabase, slug).then(
        (status) => n === seq.current && setState({ slug, status }),
        () => n === seq.current && setState({ slug, status: 'error' }),
      );
    }, 300);
    return () => clearTimeout(timer);
  }, [slug, supabase]);
  return state;
}
