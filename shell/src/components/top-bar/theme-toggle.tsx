import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { uiSlice } from '../../app/store.ts';
import { applyTheme } from '../../app/theme.ts';

export function ThemeToggle({ withLabel }: { withLabel?: boolean }) {
  const { t } = useTranslation('shell');
  const theme = useAppSelector((s) => s.ui.theme);
  const dispatch = useAppDispatch();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={withLabel ? 'gm-btn gm-btn-ghost gm-drawer-row' : 'gm-icon-btn'}
      aria-pressed={dark}
      aria-label={withLabel ? undefined : t('nav.theme')}
      title={t('nav.theme')}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        applyTheme(next, true);
        dispatch(uiSlice.actions.setTheme(next));
      }}
    >
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {dark ? (
          <path d="M12 3v2M12 19v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M3 12h2M19 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4M12 8a4 4 0 100 8 4 4 0 000-8z" />
        ) : (
          <path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" />
        )}
      </svg>
      {withLabel && <span>{t('nav.theme')}</span>}
    </button>
  );
}
