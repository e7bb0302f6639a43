import { guestmapEslint } from '../shared-ui/lint/eslint-base.js';

// Zones (docs/platform.md, docs/dashboard.md "Where code goes"): the shared lint base's feature zones.
export default guestmapEslint({ self: 'mfe-dashboard', featureZones: true });
