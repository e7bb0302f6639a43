// Vietnam's emergency numbers (docs/emergency.md). Their own module: the map's button shows them even when the
// sheet's code cannot load, so they are in the guest's first JavaScript, and nothing else of the sheet is.
export type ServiceKey = 'police' | 'fire' | 'ambulance';

/** Vietnam's emergency numbers, free from any phone, without an area code: 113 police, 114 fire and rescue,
 * 115 ambulance. `vi`: the service's Vietnamese name, shown beside the guest's own words. */
export const EMERGENCY_NUMBERS: readonly { key: ServiceKey; number: string; href: string; vi: string }[] = [
  { key: 'police', number: '113', href: 'tel:113', vi: 'Công an' },
  { key: 'fire', number: '114', href: 'tel:114', vi: 'Cứu hỏa' },
  { key: 'ambulance', number: '115', href: 'tel:115', vi: 'Cấp cứu' },
];
