// The emergency texts (loaded with the sheet's chunk): every key in every language of the product, the same
// placeholders, nothing left in English.
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

describeCatalogues('emergency catalogues in every language', import.meta.dirname);
