import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

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
