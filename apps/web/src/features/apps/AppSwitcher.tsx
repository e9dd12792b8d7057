import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyWithAntd } from '../../shared/with-antd.tsx';
import { Icon } from '../../shared/ui/Icon.tsx';
import { Popover } from '../../shared/ui/Popover.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { ROUTES } from '@portal/contracts';

// The list (built with antd) loads, with antd, when the popup first opens, not with every page.
const AppList = lazyWithAntd(() => import('./AppList.tsx').then((module) => module.AppList));

/** The header's app switcher: the app list in a popup, with a way to the full page. */
export function AppSwitcher() {
  const { t } = useTranslation('account');
  return (
    <Popover label={t('apps.switcher')} title={t('apps.title')} trigger={<Icon name="appstore" />}>
      {(close) => (
        <>
          <Suspense fallback={<Spinner />}>
            <AppList />
          </Suspense>
          <Link to={ROUTES.listBaseApp} onClick={close}>
            {t('apps.all')}
          </Link>
        </>
      )}
    </Popover>
  );
}
