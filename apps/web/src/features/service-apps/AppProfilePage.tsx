import { appProfileResource } from '@portal/contracts';
import { AppObjectScreen } from './AppObjectScreen.tsx';

/** The profiles units define in each service's app. */
export default function AppProfilePage() {
  return <AppObjectScreen contract={appProfileResource} />;
}
