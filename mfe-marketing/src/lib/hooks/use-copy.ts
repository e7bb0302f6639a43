// Lists of copy (cards, steps, paragraphs) live as arrays in the locale catalogues.
import { useTranslation } from '@guestmap/shared-ui/contracts';

export function useCopy() {
  const { t, i18n } = useTranslation('marketing');
  const list = <T>(key: string): T[] => {
    const v = t(key, { returnObjects: true }) as unknown;
    return Array.isArray(v) ? (v as T[]) : [];
  };
  return { t, i18n, list };
}
