// One play of a campaign: a fresh idempotency key per tap, reused only to retry a play that got no
// answer (so a retry can never draw twice); one request at a time.
import { useCallback, useRef, useState } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { playReward, type PlayOutcome } from '../api/play-reward.ts';
import { playErrorCode, type PlayError } from '../utils/errors.ts';
import { newIdempotencyKey } from '../utils/keys.ts';

export type PlayState =
  | { status: 'idle' }
  | { status: 'playing' }
  | { status: 'done'; outcome: PlayOutcome }
  | { status: 'error'; code: PlayError };

export function usePlay(supabase: SupabaseClient, campaignId: string, onPlayed: (o: PlayOutcome) => void) {
  const [state, setState] = useState<PlayState>({ status: 'idle' });
  // A play that got no answer may have been drawn already: its retry (same key) returns that outcome
  // even once the daily limit shows as reached, so the guest is offered the retry, not the limit,
  // until an answer comes.
  const [retryPending, setRetryPending] = useState(false);
  const busy = useRef(false);
  const pendingKey = useRef<string | null>(null);
  const play = useCallback(async (): Promise<PlayOutcome | null> => {
    if (busy.current) return null;
    busy.current = true;
    setState({ status: 'playing' });
    pendingKey.current ??= newIdempotencyKey();
    try {
      const outcome = await playReward(supabase, campaignId, pendingKey.current);
      pendingKey.current = null;
      setRetryPending(false);
      setState({ status: 'done', outcome });
      onPlayed(outcome);
      return outcome;
    } catch (e) {
      const code = playErrorCode(e);
      if (code !== 'network') pendingKey.current = null;
      setRetryPending(code === 'network');
      setState({ status: 'error', code });
      return null;
    } finally {
      busy.current = false;
    }
  }, [supabase, campaignId, onPlayed]);
  return { state, play, retryPending };
}
