import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MENU_CATALOGUE } from '@portal/contracts';

/** Every screen of the menu catalogue, by route, with the code that titles it. */
const MENU_SCREENS: readonly { code: string; route: string }[] = MENU_CATALOGUE.flatMap((section): { code: string; route: string }[] =>
  section.items.length ? [...section.items] : [{ code: section.code, route: section.route }],
);

/**
 * The title of the screen at the current address: its menu entry's, so that a page is called
 * what the menu calls it. Undefined for an address no menu entry names.
 */
export function useScreenTitle(): string | undefined {
  const { pathname } = useLocation();
  const { t } = useTranslation('menu');
  const code = MENU_SCREENS.find((screen) => screen.route === pathname)?.code;
  return code && t(code as 'DASHBOARD');
}
