import path from 'node:path';
import { describeKeysInUse } from '@guestmap/shared-ui/catalogue-check';

// Every key the dashboard's code asks for literally is in its English catalogue (a missing one shows the key itself).
const src = path.join(import.meta.dirname, '..');
describeKeysInUse('the dashboard asks only for texts it has', src, [{ en: path.join(src, 'locales/en.json') }]);
