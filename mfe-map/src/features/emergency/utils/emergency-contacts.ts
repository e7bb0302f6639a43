// The hotel on the emergency sheet (docs/emergency.md): its phone and its address in Vietnamese, to read out
// or to show a dispatcher or a driver.
import { telHref } from '../../../lib/utils/links.ts';
import { newForm, oldForm, vnAddressOf } from '../../../lib/utils/vn-address.ts';
import type { Customer } from '../../../lib/utils/types.ts';

/** Said to the person shown the screen, in Vietnamese whatever the page's language (as the driver card does). */
export const HOTEL_LINE_VI = 'Khách sạn của tôi:';

export interface HotelContact {
  name: string;
  /** As the hotel writes it ("+84 28 3823 4567"), and its tel: link; null when the hotel gave none. */
  phone: string | null;
  tel: string | null;
  /** The new form: "10 Tôn Đức Thắng, Phường Sài Gòn, TP. Hồ Chí Minh". */
  address: string | null;
  /** The old form in full, which many drivers still know: "10 Tôn Đức Thắng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh". */
  oldAddress: string | null;
}

/** The hotel's phone and Vietnamese address; null on a city map (no hotel to call or go back to). */
export function hotelContact(
  c: Pick<Customer, 'kind' | 'name' | 'phone' | 'street' | 'old_ward' | 'old_district' | 'ward'>,
): HotelContact | null {
  if (c.kind !== 'hotel') return null;
  const phone = c.phone?.trim() || null;
  const vn = vnAddressOf(c);
  return {
    name: c.name,
    phone,
    tel: phone ? telHref(phone) : null,
    address: vn ? newForm(vn) : null,
    oldAddress: vn ? oldForm(vn) : null,
  };
}
