import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppList } from './AppList.tsx';

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
          <AppList />
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
