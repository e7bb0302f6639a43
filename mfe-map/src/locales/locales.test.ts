// Every English key exists in Vietnamese and French (plural keys compare by their base key).
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';
import { describeCatalogues as describeKeys } from './catalogue-keys.ts';
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

describeKeys('catalogues', { en, vi, fr });

// Every language of the product (issue 30): keys, placeholders, plural forms, nothing left in English.
describeCatalogues('map catalogues in every language', import.meta.dirname, {
  sameAsEnglish: [
    'activity.directionsApple',
    'activity.directionsGrab',
    ...[
      'activity.photoAlt',
      'category.cafe',
      'category.culture',
      'category.shopping',
      'category.nature',
      'category.service',
    ].map((k) => `fr:${k}`),
  ],
});
