// ./AuthDialog: rendered by the shell whenever the query has dialogAuth=true.
import { AuthDialog } from '../features/auth/components/auth-dialog.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function AuthDialogScreen() {
  useScreenView();
  return <AuthDialog />;
}
