import path from 'node:path';
import { describeKeysInUse } from '@guestmap/shared-ui/catalogue-check';

// Every key the marketing pages' code asks for literally is in their English catalogues (the legal texts are
// merged under `legal`); a missing one shows the key itself.
const src = path.join(import.meta.dirname, '..');
describeKeysInUse('the marketing pages ask only for texts they have', src, [
  { en: path.join(src, 'locales/en.json') },
  { en: path.join(src, 'locales/legal/en.json'), under: 'legal' },
]);
