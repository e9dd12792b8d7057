import { appUserGroupResource } from '@portal/contracts';
import { AppObjectScreen } from './AppObjectScreen.tsx';

/** The user groups units define in each service's app. */
export default function AppUserGroupPage() {
  return <AppObjectScreen contract={appUserGroupResource} />;
}
