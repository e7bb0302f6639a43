// Vietnamese addresses after the 2025 reform (docs/addresses.md): the new form (street, ward or commune,
// province; no district) with the old form (ward, district) in brackets, as Vietnamese write it:
// "07 Công trường Lam Sơn, Phường Sài Gòn, TP. Hồ Chí Minh (P. Bến Nghé, Q.1 cũ)". The text is Vietnamese
// in every page language: it is what street signs, maps, taxis and the post use.

export interface VnAddress {
  street: string | null;
  /** The new ward or commune, in full ("Phường Sài Gòn"). */
  ward: string;
  /** The province in full, as the official list writes it ("Thành phố Hồ Chí Minh"). */
  province: string;
  oldWard: string | null;
  oldDistrict: string | null;
}

/** "Thành phố Hồ Chí Minh" → "TP. Hồ Chí Minh"; "Tỉnh Quảng Ninh" → "Quảng Ninh". */
export function shortProvince(province: string): string {
  return province.replace(/^Thành phố\s+/, 'TP. ').replace(/^Tỉnh\s+/, '');
}

/** The usual abbreviations of the old units: "Phường Bến Nghé" → "P. Bến Nghé", "Quận 1" → "Q.1",
 * "Quận Hoàn Kiếm" → "Q. Hoàn Kiếm", "Huyện Củ Chi" → "H. Củ Chi", "Thành phố Thủ Đức" → "TP. Thủ Đức". */
export function abbreviateUnit(unit: string): string {
  const numbered = /^(Phường|Quận)\s+(\d+)$/.exec(unit);
  if (numbered) return `${numbered[1] === 'Phường' ? 'P' : 'Q'}.${numbered[2]}`;
  const prefixes: [RegExp, string][] = [
    [/^Phường\s+/, 'P. '],
    [/^Xã\s+/, 'X. '],
    [/^Thị trấn\s+/, 'TT. '],
    [/^Quận\s+/, 'Q. '],
    [/^Huyện\s+/, 'H. '],
    [/^Thị xã\s+/, 'TX. '],
    [/^Thành phố\s+/, 'TP. '],
  ];
  for (const [re, short] of prefixes) if (re.test(unit)) return unit.replace(re, short);
  return unit;
}

/** "07 Công trường Lam Sơn, Phường Sài Gòn, TP. Hồ Chí Minh". */
export function newForm(a: VnAddress): string {
  return [a.street, a.ward, shortProvince(a.province)].filter(Boolean).join(', ');
}

/** "(P. Bến Nghé, Q.1 cũ)", or null when the old form is not known. */
export function oldSuffix(a: VnAddress): string | null {
  const parts = [a.oldWard, a.oldDistrict].filter((p): p is string => !!p).map(abbreviateUnit);
  return parts.length ? `(${parts.join(', ')} cũ)` : null;
}

/** What the guest reads: the new form, the old one in brackets. */
export function formatVnAddress(a: VnAddress): string {
  const suffix = oldSuffix(a);
  return suffix ? `${newForm(a)} ${suffix}` : newForm(a);
}

/** The old form in full, for a driver who still thinks in districts:
 * "07 Công trường Lam Sơn, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh". */
export function oldForm(a: VnAddress): string | null {
  if (!a.oldWard && !a.oldDistrict) return null;
  return [a.street, a.oldWard, a.oldDistrict, shortProvince(a.province)].filter(Boolean).join(', ');
}

/** The structured address of a place or hotel row, when it has a ward. */
export function vnAddressOf(row: {
  street?: string | null;
  old_ward?: string | null;
  old_district?: string | null;
  ward?: { name: string; province: string } | null;
}): VnAddress | null {
  if (!row.ward) return null;
  return {
    street: row.street ?? null,
    ward: row.ward.name,
    province: row.ward.province,
    oldWard: row.old_ward ?? null,
    oldDistrict: row.old_district ?? null,
  };
}

/** The label before the old form on a screen shown to a driver or dispatcher ("formerly:"), in Vietnamese. */
export const OLD_ADDRESS_LABEL_VI = 'Địa chỉ cũ:';

/** A place's address as a driver reads it: the new form when it has a ward, else its local free text. */
export function localAddressOf(
  row: Parameters<typeof vnAddressOf>[0] & {
    address?: string | null;
    address_local?: string | null;
  },
): string {
  const vn = vnAddressOf(row);
  return vn ? newForm(vn) : row.address_local || row.address || '';
}
