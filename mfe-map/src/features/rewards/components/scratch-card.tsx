// The daily scratch card. "Get today's card" asks the server for the outcome first (the draw is the
// database's); then the guest scratches the cover away, or presses Reveal.
import { useEffect, useId, useRef, useState } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, useSupabase } from '@guestmap/shared-ui/contracts';
import { usePlay } from '../hooks/use-play.ts';
import type { GameProps } from './game-props.ts';
import { PrizeResult } from './prize-result.tsx';
import { LimitMessage } from './limit-message.tsx';
import { ScratchCanvas } from './scratch-canvas.tsx';
import { PlayChecking, PlayError } from './play-error.tsx';

export function ScratchCard({ campaign, playsToday, timeZone, locale, onPlayed, onVouchers }: GameProps) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const supabase = useSupabase();
  const { state, press, retryPending, checking } = usePlay(supabase, campaign.id, onPlayed);
  const [revealed, setRevealed] = useState(false);
  const id = useId();
  const outcome = state.status === 'done' ? state.outcome : null;
  // The button pressed goes away: focus follows to Reveal, then to the prize.
  const revealRef = useRef<HTMLButtonElement>(null);
  const prizeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome && !revealed) revealRef.current?.focus();
  }, [outcome, revealed]);
  useEffect(() => {
    if (revealed) prizeRef.current?.focus();
  }, [revealed]);
  const limitReached =
    !retryPending && (playsToday >= campaign.daily_limit || (state.status === 'error' && state.code === 'daily_limit'));

  let body;
  if (outcome) {
    body = (
      <>
        <div className={`gm-scratch${revealed ? ' is-revealed' : ''}`}>
          <div
            ref={prizeRef}
            className="gm-scratch-prize"
            aria-hidden={revealed ? undefined : true}
            tabIndex={revealed ? -1 : undefined}
          >
            <PrizeResult outcome={outcome} locale={locale} onVouchers={revealed ? onVouchers : undefined} />
          </div>
          {!revealed && <ScratchCanvas label={t('scratch.cover')} onCleared={() => setRevealed(true)} />}
        </div>
        {!revealed && (
          <>
            <p className="gm-muted gm-small">{t('scratch.hint')}</p>
            <button ref={revealRef} type="button" className="gm-btn-primary" onClick={() => setRevealed(true)}>
              {t('scratch.reveal')}
            </button>
          </>
        )}
        <p className="gm-visually-hidden" role="status">
          {revealed ? t('result.announce', { label: pickText(outcome.label, locale) }) : ''}
        </p>
      </>
    );
  } else if (limitReached) {
    body = <LimitMessage kind="scratch_card" dailyLimit={campaign.daily_limit} timeZone={timeZone} locale={locale} />;
  } else {
    body = (
      <>
        <p>{t('scratch.intro')}</p>
        <button
          type="button"
          className="gm-btn-primary"
          aria-disabled={state.status === 'playing'}
          aria-busy={state.status === 'playing'}
          onClick={press}
        >
          {state.status === 'playing' ? t('play.busy') : retryPending ? t('play.retry') : t('scratch.play')}
        </button>
        {state.status === 'error' && <PlayError code={state.code} />}
        {checking && <PlayChecking />}
      </>
    );
  }

  return (
    <section className="gm-game" aria-labelledby={id}>
      <h3 id={id}>{pickText(campaign.title, locale) || t('scratch.title')}</h3>
      {body}
    </section>
  );
}
