// What every page says while the backend cannot be reached or answers slowly (issue 32): within the
// 2.5 s after which a request counts as slow, or at once when one gets no answer, a line in the user's
// language says what the page is doing ("Still trying to reach the server… Next try in 4 s"), with a
// button to try now; "Connected again" when it answers. The screens keep what they show meanwhile and
// read again by themselves (shared-ui/src/contracts/connectivity.ts): no reload, no error page.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectivity, useConnectivity } from '@guestmap/shared-ui/contracts';
import { removeEarlyNotice } from '../app/early-api-check.ts';

const BACK_SHOWN_MS = 4000;

export function ConnectionNotice() {
  const { t } = useTranslation('shell');
  const state = useConnectivity();
  const [now, setNow] = useState(() => Date.now());
  const ticking = state.status === 'down' || (state.recoveredAt !== null && now - state.recoveredAt < BACK_SHOWN_MS);
  // The server's early line (start.js showed it while the shell's code downloaded): this one takes over.
  useEffect(removeEarlyNotice, []);
  // When the page first said so (the bench reads it: shell/scripts/bench-notice.mjs), unless start.js did.
  useEffect(() => {
    if (state.status === 'down' && performance.getEntriesByName('gm:notice').length === 0)
      performance.mark('gm:notice');
  }, [state.status]);
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [ticking, state]);

  let body: React.ReactNode = null;
  if (state.status === 'down') {
    const seconds = state.nextTryAt ? Math.max(0, Math.ceil((state.nextTryAt - now) / 1000)) : 0;
    body = (
      <>
        <span>
          {t('connection.retrying')}{' '}
          {seconds > 0 ? t('connection.nextTry', { count: seconds }) : t('connection.tryingNow')}
        </span>
        <button type="button" className="gm-link-btn gm-connection-now" onClick={() => connectivity.retryNow()}>
          {t('connection.tryNow')}
        </button>
      </>
    );
  } else if (state.status === 'slow') {
    body = <span>{t('connection.slow')}</span>;
  } else if (state.recoveredAt !== null && now - state.recoveredAt < BACK_SHOWN_MS) {
    body = <span>{t('connection.back')}</span>;
  }
  return (
    <div
      className={`gm-connection${body ? ' is-shown' : ''}`}
      data-status={state.status}
      role="status"
      aria-live="polite"
    >
      {body}
    </div>
  );
}
