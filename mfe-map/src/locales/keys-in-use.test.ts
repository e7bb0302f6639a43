import path from 'node:path';
import { describeKeysInUse } from '@guestmap/shared-ui/catalogue-check';

// Every key the map's code asks for is in its English catalogues, each where it is merged (a merge once moved
// customer.shareMap into another object and the guest saw the key).
const src = path.join(import.meta.dirname, '..');
const at = (dir: string, under?: string) => ({ en: path.join(src, dir, 'en.json'), under });
describeKeysInUse('the map asks only for texts it has', src, [
  at('locales'),
  at('features/rewards/locales', 'rewards'),
  at('features/emergency/locales', 'emergency'),
  at('lib/locales/prices'),
  at('lib/locales/attributes', 'attributes'),
  at('lib/share/locales', 'share'),
]);
