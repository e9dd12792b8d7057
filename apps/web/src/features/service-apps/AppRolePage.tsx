import { appRoleResource } from '@portal/contracts';
import { AppObjectScreen } from './AppObjectScreen.tsx';

/** The roles units define in each service's app. */
export default function AppRolePage() {
  return <AppObjectScreen contract={appRoleResource} />;
}
