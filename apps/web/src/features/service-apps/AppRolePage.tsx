import { appRoleResource } from '@portal/contracts';
import { AppObjectScreen } from './AppObjectScreen.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['serviceApps'] as const;

/** The roles units define in each service's app. */
export default function AppRolePage() {
  return <AppObjectScreen contract={appRoleResource} />;
}
