// One play of a campaign, through the shared in-flight mechanism (@guestmap/shared-ui/in-flight): a
// fresh idempotency key per tap, kept in sessionStorage until the server answers. A play whose answer
// was lost is checked by sending it again with the same key (the database answers a known key with the
// play it already drew), automatically when the connection returns, after a reload too, or at once when
// the guest taps Try again: the guest sees the true outcome and a play is never drawn twice.
import { useCallback } from 'react';
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import { playReward, type PlayOutcome } from '../api/play-reward.ts';
import { playErrorCode, type PlayError } from '../utils/errors.ts';

export type PlayState =
  | { status: 'idle' }
  | { status: 'playing' }
  | { status: 'done'; outcome: PlayOutcome }
  | { status: 'error'; code: PlayError };

export const pendingPlayKey = (campaignId: string) => `guestmap.play.${campaignId}`;

export function usePlay(
  supabase: SupabaseClient,
  campaignId: string,
  onPlayed: (o: PlayOutcome) => void,
  /** A play kept from before a reload was answered by the check on opening. */
  onResumed?: (o: PlayOutcome) => void,
) {
  const send = useCallback((_: null, key: string) => playReward(supabase, campaignId, key), [supabase, campaignId]);
  const flight = useInFlight<null, PlayOutcome>({
    send,
    storageKey: pendingPlayKey(campaignId),
    resume: true,
    onResumed: onResumed ?? onPlayed,
  });
  const { run } = flight;
  const play = useCallback(async (): Promise<PlayOutcome | null> => {
    const outcome = await run(null);
    if (outcome) onPlayed(outcome);
    return outcome;
  }, [run, onPlayed]);

  const s = flight.state;
  const state: PlayState =
    s.status === 'idle'
      ? { status: 'idle' }
      : s.status === 'sending'
        ? { status: 'playing' }
        : s.status === 'checking'
          ? { status: 'error', code: 'network' }
          : s.status === 'done'
            ? { status: 'done', outcome: s.value }
            : { status: 'error', code: playErrorCode(s.error) };
  // A play that got no answer may have been drawn already: until the check answers, the guest is
  // offered the check, not the daily limit.
  const checking = s.status === 'checking';
  /** The play button: a new play, or while checking, check now. */
  const press = useCallback(() => {
    if (checking) flight.checkNow();
    else void play();
  }, [checking, flight, play]);
  return { state, play, press, retryPending: checking, checking, checkNow: flight.checkNow };
}
