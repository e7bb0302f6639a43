// Types for prefill.mjs (the static server's page rewrite), for the shell's TypeScript tests.
export function mapPageCustomer(pathname: string): string | null;
export function screenOf(pathname: string): { remote: string; module: string } | null;
export function screenHints(
  manifestUrl: string,
  list: { entry?: string[]; exposes?: Record<string, string[]> },
  module: string,
): string;
export function renderPage(
  html: string,
  opts: {
    config: unknown;
    customer?: Record<string, unknown> | null;
    lang?: string;
    hints?: string;
    prerender?: string;
    theme?: 'light' | 'dark';
  },
): string;
export function prerenderHtml(prerender: unknown, module: string, lang: string): string;
export const PRERENDER_ID: string;
export function languageOf(acceptLanguage: string | undefined, cookie?: string): 'en' | 'vi' | 'fr';
export function themeOf(cookie: string | undefined): 'light' | 'dark';
export function cookieValue(header: string | undefined, name: string): string | null;
export const CUSTOMER_START: string;
export const CUSTOMER_END: string;
export const ROUTE_START: string;
export const ROUTE_END: string;
