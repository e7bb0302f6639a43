// The Map route. The Activity route's module re-exports this same component, so moving between
// Map and Activity keeps one component instance (when the host keeps the element mounted).
import MapScreen from '../features/map/components/map-screen.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function MapScreenExposed() {
  useScreenView();
  return <MapScreen />;
}
