// The price block's texts (loaded with its chunk) in every language of the product: keys, placeholders, nothing
// left in English.
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

describeCatalogues('price catalogues in every language', import.meta.dirname);
