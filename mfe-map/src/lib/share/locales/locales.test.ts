// The share menu's texts (loaded with the menu) in every language of the product: keys, placeholders, nothing left
// in English but the messengers' own names.
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

describeCatalogues('share catalogues in every language', import.meta.dirname, {
  sameAsEnglish: ['line', 'whatsapp', 'zalo', 'kakao'].flatMap((k) =>
    ['vi', 'fr', 'zh', 'ko', 'ja'].map((l) => `${l}:${k}`),
  ),
});
