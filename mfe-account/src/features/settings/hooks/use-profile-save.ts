// A save of the user's own profile (name, picture; its language is the shell's: language-section.tsx) that
// survives a lost answer (shared-ui in-flight, docs/reliability.md): an update that got no answer is sent again with the same values until
// the server answers; setting the same absolute values twice leaves the same row, so that answer is the
// truth (saved, or the server's refusal). While it checks, the section says so (`ProfileSaveChecking`).
import { useEffect, useRef } from 'react';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import { usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { updateProfile, type ProfilePatch } from '../api/update-profile.ts';

export function useProfileSave() {
  const { user } = usePlatform();
  const supabase = useSupabase();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const saving = useInFlight<ProfilePatch, true>({
    send: async (patch) => {
      if (!user) throw new Error('not signed in');
      await updateProfile(supabase, user.id, patch);
      return true;
    },
    fingerprint: (patch) => JSON.stringify(patch),
  });
  return {
    /** true once saved; false when the server refused it; null when the screen went away meanwhile. */
    save: async (patch: ProfilePatch): Promise<boolean | null> => {
      const done = await saving.run(patch);
      return done ?? (mounted.current ? false : null);
    },
    checking: saving.state.status === 'checking',
  };
}
