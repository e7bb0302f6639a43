// Vietnam's wards and communes after the 2025 reform (docs/addresses.md), with their old units and boundaries: the
// place editor's and the hotel settings' ward choice and their proposal from the pin. Readable by everyone.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const listVnWards = (db: TypedClient) =>
  db.from('vn_wards').select('code, name, province, old_units, boundary').order('province').order('name');
