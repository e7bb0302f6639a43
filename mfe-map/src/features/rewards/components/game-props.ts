import type { Locale } from '@guestmap/shared-ui/contracts';
import type { Campaign } from '../api/campaigns.ts';
import type { PlayOutcome } from '../api/play-reward.ts';

/** What the rewards panel gives each game (scratch card, fortune wheel). */
export interface GameProps {
  campaign: Campaign;
  /** Plays of this campaign by this user today (the hotel's day), from the wallet. */
  playsToday: number;
  /** The hotel's time zone: its midnight resets the daily limit. */
  timeZone: string;
  locale: Locale;
  onPlayed: (o: PlayOutcome) => void;
  onVouchers: () => void;
}
