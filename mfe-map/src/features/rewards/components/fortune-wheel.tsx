// The fortune wheel: the prize labels on an SVG wheel. "Spin" asks the server for the outcome
// first; the animation then stops on exactly that prize (no animation with reduced motion).
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, useSupabase } from '@guestmap/shared-ui/contracts';
import type { PlayOutcome } from '../api/play-reward.ts';
import { useWheelPrizes } from '../hooks/rewards-data.ts';
import { usePlay } from '../hooks/use-play.ts';
import type { GameProps } from './game-props.ts';
import { useReducedMotion } from '../hooks/use-reduced-motion.ts';
import { segmentPath, segmentSize, targetRotation } from '../utils/wheel.ts';
import { PrizeResult } from './prize-result.tsx';
import { LimitMessage } from './limit-message.tsx';
import { PlayChecking, PlayError } from './play-error.tsx';

const SPIN_MS = 4200;
const COLOURS = ['#FFD166', '#A8E6CF', '#FFB4A2', '#B5D8FF', '#E2C2FF', '#FDE2B4', '#C7F0A0', '#F9C6E0'];
// About 15 characters fit between the hub and the rim at this size; the full label is in the wheel's name and the result.
const short = (s: string) => (s.length > 15 ? `${s.slice(0, 14).trimEnd()}…` : s);
// Labels run along the radius; on the right half from the hub out, on the left from the rim in, so
// none is upside down.
const labelTransform = (a: number) =>
  a < 180 ? `rotate(${a}) translate(0 -19) rotate(-90)` : `rotate(${a}) translate(0 -93) rotate(90)`;

export function FortuneWheel({ campaign, playsToday, timeZone, locale, onPlayed, onVouchers }: GameProps) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  const supabase = useSupabase();
  const id = useId();
  const reduced = useReducedMotion();
  const prizes = useWheelPrizes(campaign.id, locale);
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [shown, setShown] = useState<PlayOutcome | null>(null);
  const landing = useRef<PlayOutcome | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The result shows when the wheel has stopped; the wallet (plays left, points) refreshes then too.
  const afterPlay = useCallback(() => {}, []);
  // A spin kept from before a reload, answered by the check on opening: its prize, without the animation.
  const resumed = useCallback(
    (o: PlayOutcome) => {
      setShown(o);
      onPlayed(o);
    },
    [onPlayed],
  );
  const { state, play, retryPending, checking, checkNow } = usePlay(supabase, campaign.id, afterPlay, resumed);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const finish = useCallback(() => {
    const o = landing.current;
    if (!o) return;
    landing.current = null;
    if (timer.current) clearTimeout(timer.current);
    setSpinning(false);
    setShown(o);
    onPlayed(o);
  }, [onPlayed]);

  const list = Array.isArray(prizes) ? prizes : [];
  const n = list.length;
  const left = Math.max(0, campaign.daily_limit - playsToday);
  const limitReached =
    !spinning && !retryPending && (left === 0 || (state.status === 'error' && state.code === 'daily_limit'));

  const spin = async () => {
    if (checking) return checkNow();
    if (spinning || n === 0) return;
    setShown(null);
    const outcome = await play();
    if (!outcome) return;
    landing.current = outcome;
    const index = list.findIndex((p) => p.id === outcome.prize_id);
    if (index < 0 || reduced) {
      // A prize no longer on the wheel (or no animation wanted): show the result at once.
      if (index >= 0) setRotation((r) => targetRotation(r, index, n, 0, 0));
      finish();
      return;
    }
    setSpinning(true);
    setRotation((r) => targetRotation(r, index, n, 5, Math.random() * 0.6 - 0.3));
    timer.current = setTimeout(finish, SPIN_MS + 500);
  };

  const s = segmentSize(Math.max(1, n));
  const labels = list.map((p) => pickText(p.label, locale));
  return (
    <section className="gm-game" aria-labelledby={id}>
      <h3 id={id}>{pickText(campaign.title, locale) || t('wheel.title')}</h3>
      {prizes === 'error' && <PlayError code="network" />}
      {n > 0 && (
        <>
          <div className="gm-wheel">
            <div
              className="gm-wheel-disc"
              style={{
                transform: `rotate(${rotation}deg)`,
                transition: spinning ? `transform ${SPIN_MS}ms cubic-bezier(0.15, 0.7, 0.2, 1)` : 'none',
              }}
              onTransitionEnd={finish}
            >
              <svg viewBox="-102 -102 204 204" role="img" aria-label={t('wheel.label', { prizes: labels.join(', ') })}>
                {list.map((p, i) => (
                  <g key={p.id} data-prize-id={p.id}>
                    <path
                      d={segmentPath(i, n, 100)}
                      fill={COLOURS[i % COLOURS.length]}
                      stroke="#fff"
                      strokeWidth="1.5"
                    />
                    <text
                      transform={labelTransform(i * s + s / 2)}
                      dominantBaseline="middle"
                      fontSize="9"
                      fontWeight="650"
                      fill="#17201b"
                    >
                      {short(labels[i]!)}
                    </text>
                  </g>
                ))}
                <circle r="13" fill="#fff" stroke="#17201b" strokeWidth="2" />
              </svg>
            </div>
            <span className="gm-wheel-pointer" aria-hidden="true" />
          </div>
          <p className="gm-visually-hidden" role="status">
            {shown
              ? t('result.announce', { label: pickText(shown.label, locale) })
              : spinning
                ? t('wheel.spinning')
                : ''}
          </p>
          {shown && <PrizeResult outcome={shown} locale={locale} onVouchers={onVouchers} />}
          {limitReached ? (
            <LimitMessage kind="fortune_wheel" dailyLimit={campaign.daily_limit} timeZone={timeZone} locale={locale} />
          ) : (
            <>
              <button
                type="button"
                className="gm-btn-primary"
                aria-disabled={spinning || state.status === 'playing'}
                aria-busy={spinning || state.status === 'playing'}
                onClick={() => void spin()}
              >
                {spinning || state.status === 'playing'
                  ? t('wheel.spinning')
                  : retryPending
                    ? t('play.retry')
                    : t('wheel.spin')}
              </button>
              <p className="gm-muted gm-small">{t('wheel.left', { count: left })}</p>
            </>
          )}
          {state.status === 'error' && state.code !== 'daily_limit' && <PlayError code={state.code} />}
          {checking && <PlayChecking />}
        </>
      )}
    </section>
  );
}
