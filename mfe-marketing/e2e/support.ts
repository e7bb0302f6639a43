// Helpers for the marketing remote's browser tests (ports follow GUESTMAP_PORT_BASE / SUPABASE_API_PORT).
import { expect as baseExpect, type Page } from '@playwright/test';

/** Several engineers' runs share two CPU cores: give each assertion more time than the default. */
export const expect = baseExpect.configure({ timeout: 15_000 });

export const BASE = Number(process.env.GUESTMAP_PORT_BASE ?? 3000);
export const MAP_ORIGIN = `http://127.0.0.1:${BASE + 2}`;
export const API = `http://127.0.0.1:${Number(process.env.SUPABASE_API_PORT ?? 54321)}`;

/** The Supabase CLI's well-known local keys (public by design; local stack only). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const SERVICE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** Starts the page in a language, as a returning visitor who chose it would. */
export async function useLocale(page: Page, locale: 'en-US' | 'vi-VN' | 'fr-FR') {
  await page.addInitScript((l) => localStorage.setItem('locale', l), locale);
}

export async function meta(page: Page) {
  return page.evaluate(() => {
    const m = (sel: string) => document.head.querySelector(sel)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      description: m('meta[name="description"]'),
      ogTitle: m('meta[property="og:title"]'),
      ogDescription: m('meta[property="og:description"]'),
      ogType: m('meta[property="og:type"]'),
      ogImage: m('meta[property="og:image"]'),
    };
  });
}
