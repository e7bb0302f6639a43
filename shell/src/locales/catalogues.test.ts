// Every language of the product (issue 30): keys, placeholders, plural forms, nothing left in English.
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

describeCatalogues('shell catalogues in every language', import.meta.dirname, {
  sameAsEnglish: ['vi:nav.menu', 'fr:nav.menu', 'fr:toast.region'],
});
