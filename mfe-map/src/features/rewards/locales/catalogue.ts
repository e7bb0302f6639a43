// The rewards texts travel with the rewards chunks (not in ./register), so the guest map's first
// JavaScript does not carry them. They are merged into the remote's `map` namespace under `rewards`.
import { useState } from 'react';
import type { i18n as I18n } from 'i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { mergeIntoNamespace } from '@guestmap/shared-ui/i18n';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';

export const REWARDS_CATALOGUES = { en, vi, fr };

const done = new WeakSet<I18n>();

export function addRewardsCatalogue(i18n: I18n): void {
  if (done.has(i18n)) return;
  done.add(i18n);
  // Into each language of `map` that is loaded, now or when it loads (a language switch).
  mergeIntoNamespace(
    i18n,
    'map',
    Object.fromEntries(Object.entries(REWARDS_CATALOGUES).map(([lng, rewards]) => [lng, { rewards }])),
  );
}

/** Call before useTranslation in a lazily loaded rewards screen: adds the texts synchronously once. */
export function useRewardsCatalogue(): void {
  const { i18n } = usePlatform();
  useState(() => addRewardsCatalogue(i18n));
}
