import { appProfileResource } from '@portal/contracts';
import { AppObjectScreen } from './AppObjectScreen.tsx';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['serviceApps'] as const;

/** The profiles units define in each service's app. */
export default function AppProfilePage() {
  return <AppObjectScreen contract={appProfileResource} />;
}
