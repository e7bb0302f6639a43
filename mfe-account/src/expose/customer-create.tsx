// ./CustomerCreate: the route CustomerCreate (/create-customer).
import { CustomerCreateScreen } from '../features/customer/components/customer-create.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function CustomerCreate() {
  useScreenView();
  return <CustomerCreateScreen />;
}
