// ./UserSettings: the routes User (/user) and UserSettings (/user/settings).
import { UserScreen } from '../features/settings/components/user-settings.tsx';
import { useScreenView } from './use-screen-view.ts';

export default function UserSettings() {
  useScreenView();
  return <UserScreen />;
}
