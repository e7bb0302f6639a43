// Design tokens: the single source of colours, radii, spacing, type and breakpoints. The antd theme
// (rich screens) and the light guest-path components are both derived from these.
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

export type ThemeMode = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'theme';

export const PRIMARY = { light: '#5AB77B', dark: '#68529E' } as const;

export const tokens = {
  radius: 8,
  radiusLg: 14,
  space: [0, 4, 8, 12, 16, 24, 32, 48, 64] as const,
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  fontSize: 15,
  touchTarget: 44,
  drawerWidth: 280,
  topBarHeight: 56,
} as const;

export interface Palette {
  primary: string;
  onPrimary: string;
  bg: string;
  surface: string;
  text: string;
  textMuted: string;
  border: string;
  danger: string;
  warning: string;
  success: string;
  info: string;
  focus: string;
}

export function palette(mode: ThemeMode): Palette {
  return mode === 'dark'
    ? {
        primary: PRIMARY.dark,
        onPrimary: '#ffffff',
        bg: '#121016',
        surface: '#1d1a24',
        text: '#f2f0f6',
        textMuted: '#b3adc0',
        border: '#36313f',
        danger: '#ff6b6b',
        warning: '#f5b041',
        success: '#5AB77B',
        info: '#6ea8fe',
        focus: '#b9a6ff',
      }
    : {
        primary: PRIMARY.light,
        onPrimary: '#0b2615',
        bg: '#f6f8f7',
        surface: '#ffffff',
        text: '#17201b',
        textMuted: '#56625b',
        border: '#dfe5e1',
        danger: '#c62828',
        warning: '#b26a00',
        success: '#2e7d4f',
        info: '#1d5fbf',
        focus: '#1d5fbf',
      };
}

/** CSS custom properties for the light components (set on :root by the shell and the dev harness). */
export function cssVariables(mode: ThemeMode): Record<string, string> {
  const p = palette(mode);
  return {
    '--gm-primary': p.primary,
    '--gm-on-primary': p.onPrimary,
    '--gm-bg': p.bg,
    '--gm-surface': p.surface,
    '--gm-text': p.text,
    '--gm-text-muted': p.textMuted,
    '--gm-border': p.border,
    '--gm-danger': p.danger,
    '--gm-warning': p.warning,
    '--gm-success': p.success,
    '--gm-info': p.info,
    '--gm-focus': p.focus,
    '--gm-radius': `${tokens.radius}px`,
    '--gm-radius-lg': `${tokens.radiusLg}px`,
    '--gm-font': tokens.font,
    '--gm-touch': `${tokens.touchTarget}px`,
  };
}

/** The antd ThemeConfig tokens (kept as a plain object so this module does not import antd). */
export function antdThemeTokens(mode: ThemeMode) {
  const p = palette(mode);
  return {
    token: {
      colorPrimary: p.primary,
      colorBgLayout: p.bg,
      colorBgContainer: p.surface,
      colorText: p.text,
      colorTextSecondary: p.textMuted,
      colorBorder: p.border,
      colorError: p.danger,
      colorWarning: p.warning,
      colorSuccess: p.success,
      colorInfo: p.info,
      borderRadius: tokens.radius,
      borderRadiusLG: tokens.radiusLg,
      fontFamily: tokens.font,
      fontSize: tokens.fontSize,
      controlHeight: 40,
      ...antdScreens(),
    },
  };
}

/**
 * antd derives each breakpoint's min and max from its own constants, so the whole set is given:
 * the spec's sm..xxl, with antd's xs (smallest supported device, not the spec's 0) left as is and
 * its extra xxxl placed above xxl.
 */
export function antdScreens() {
  const b = BREAKPOINTS;
  const xxxl = 3840;
  return {
    screenXSMax: b.sm - 1,
    screenSM: b.sm,
    screenSMMin: b.sm,
    screenSMMax: b.md - 1,
    screenMD: b.md,
    screenMDMin: b.md,
    screenMDMax: b.lg - 1,
    screenLG: b.lg,
    screenLGMin: b.lg,
    screenLGMax: b.xl - 1,
    screenXL: b.xl,
    screenXLMin: b.xl,
    screenXLMax: b.xxl - 1,
    screenXXL: b.xxl,
    screenXXLMin: b.xxl,
    screenXXLMax: xxxl - 1,
    screenXXXL: xxxl,
    screenXXXLMin: xxxl,
  };
}

/** `@media` query for "at least" a breakpoint. */
export const up = (bp: Breakpoint) => `(min-width: ${BREAKPOINTS[bp]}px)`;
export const down = (bp: Breakpoint) => `(max-width: ${BREAKPOINTS[bp] - 0.02}px)`;
