// The map picker and the coordinate fields every form that places something on the map uses (the dashboard's
// place editor and settings, the account's new map). Its own entry point, `@guestmap/shared-ui/map-picker`:
// only the lazily loaded screens that import it bundle it (with Leaflet), never the shell's first bundle or the
// guest path.
export { MapPicker, FormMapPicker, type MapPickerProps } from './map-picker.tsx';
export { CoordinateFields, type CoordinateFieldsProps } from './coordinate-fields.tsx';
export { round6, isPoint, type Point } from './point.ts';
