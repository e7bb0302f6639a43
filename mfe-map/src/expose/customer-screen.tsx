import CustomerScreen from '../features/customer/components/customer-welcome.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function CustomerScreenExposed() {
  useScreenView();
  return <CustomerScreen />;
}
