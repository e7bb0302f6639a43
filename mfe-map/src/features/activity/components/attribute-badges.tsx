// A place's traveller attributes as readable badges (docs/filters.md): what it serves, its access, the ways to pay.
// Downloaded, with its texts, when a place that has attributes is opened.
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { attributesOf, type AttributeKey, type PlaceAttributes } from '@guestmap/shared-ui/place-attributes';
import { useAttributeTexts } from '../../../lib/locales/attributes/catalogue.ts';
import './attribute-badges.css';

const DIETS = [
  ['diet:vegetarian', 'vegetarian'],
  ['diet:vegan', 'vegan'],
  ['diet:halal', 'halal'],
  ['diet:gluten_free', 'gluten_free'],
] as const;
const PAYMENTS: [AttributeKey, string][] = [
  ['payment:cards', 'cards'],
  ['payment:contactless', 'contactless'],
  ['payment:vietqr', 'vietqr'],
  ['payment:unionpay', 'unionpay'],
  ['payment:alipay', 'alipay'],
  ['payment:wechat', 'wechat'],
];

/** The badges' text keys, in reading order: `no` ones are shown muted (a traveller wants to know them too). */
export function badgesOf(a: PlaceAttributes): { key: string; no?: boolean }[] {
  const out: { key: string; no?: boolean }[] = [];
  for (const [tag, name] of DIETS) {
    if (a[tag] === 'only') out.push({ key: `${name}_only` });
    else if (a[tag] === 'yes') out.push({ key: name });
  }
  // "No pork" is said when the place says it and nothing above already says it (vegetarian only, halal only).
  if (a['guestmap:no_pork'] === 'yes' && !out.some((b) => b.key.endsWith('_only'))) out.push({ key: 'no_pork' });
  if (a['guestmap:kids'] === 'yes') out.push({ key: 'kids' });
  if (a.wheelchair === 'yes') out.push({ key: 'wheelchair' });
  if (a.wheelchair === 'limited') out.push({ key: 'wheelchair_limited' });
  if (a.wheelchair === 'no') out.push({ key: 'wheelchair_no', no: true });
  return out;
}

export default function AttributeBadges({ attributes }: { attributes: unknown }) {
  const { t } = useTranslation('map');
  const ready = useAttributeTexts();
  if (!ready) return null;
  const a = attributesOf(attributes);
  const badges = badgesOf(a);
  const pays = PAYMENTS.filter(([tag]) => a[tag] === 'yes').map(([, name]) => name);
  const noCards = a['payment:cards'] === 'no';
  if (!badges.length && !pays.length && !noCards) return null;
  return (
    <section className="gm-attrs" aria-label={t('attributes.about')}>
      {badges.length > 0 && (
        <ul>
          {badges.map((b) => (
            <li key={b.key} className={b.no ? 'is-no' : undefined}>
              {t(`attributes.badge.${b.key}`)}
            </li>
          ))}
        </ul>
      )}
      {(pays.length > 0 || noCards) && (
        <>
          <h3 id="gm-attrs-pay">{t('attributes.pay')}</h3>
          <ul aria-labelledby="gm-attrs-pay">
            {pays.map((p) => (
              <li key={p}>{t(`attributes.filter.${p}`)}</li>
            ))}
            {noCards && <li className="is-no">{t('attributes.badge.no_cards')}</li>}
          </ul>
        </>
      )}
    </section>
  );
}
