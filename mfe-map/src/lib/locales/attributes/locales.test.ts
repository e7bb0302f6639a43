// The traveller filters' texts (loaded with the filters and a place's badges) in every language of the product:
// keys, placeholders, nothing left in English but the payment brands; a label for every filter there is.
import { describe, expect, it } from 'vitest';
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';
import { PLACE_FILTERS } from '@guestmap/shared-ui/place-attributes';
import en from './en.json';

describeCatalogues('traveller filter texts in every language', import.meta.dirname, {
  sameAsEnglish: [
    'filter.vietqr',
    'filter.unionpay',
    'filter.alipay',
    'filter.wechat',
    'fr:filter.halal',
    'vi:filter.halal',
  ],
});

describe('traveller filter texts', () => {
  it('name every filter, and no other', () => {
    expect(Object.keys(en.filter)).toEqual([...PLACE_FILTERS]);
  });
});
