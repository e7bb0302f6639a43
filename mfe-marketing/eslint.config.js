import { guestmapEslint } from '../shared-ui/lint/eslint-base.js';

export default guestmapEslint({ self: 'mfe-marketing', featureZones: true });
