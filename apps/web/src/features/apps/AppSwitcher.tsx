import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// The list (with its own antd parts) loads when the popup first opens, not with every page.
const AppList = lazy(() => import('./AppList.tsx').then((module) => ({ default: module.AppList })));

/** The header's app switcher: the app list in a popup, with a way to the full page. */
export function AppSwitcher() {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('apps.title')}
      content={
        <div style={{ width: 280 }}>
          <Suspense fallback={<Spin />}>
            <AppList />
          </Suspense>
          <Link to="/list-base-app" onClick={() => setOpen(false)}>
            {t('apps.all')}
          </Link>
        </div>
      }
    >
      <Button type="text" icon={<AppstoreOutlined />} aria-label={t('apps.switcher')} />
    </Popover>
  );
}
