// The Activity route renders the very same component as the Map route.
export { default } from './map-screen.tsx';
