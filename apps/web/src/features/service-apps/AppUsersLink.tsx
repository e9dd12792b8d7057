import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';

/** From a unit's user to the services' apps they are in (a row action of the business-user list). */
export function AppUsersLink({ userId, username }: { userId: string; username: string }) {
  const { t } = useTranslation('serviceApps');
  return (
    <Tooltip title={t('appUser.services')}>
      <Link to={`${ROUTES.appUser}?userId=${userId}`}>
        <Button type="text" icon={<AppstoreAddOutlined />} aria-label={`${t('appUser.services')} ${username}`} />
      </Link>
    </Tooltip>
  );
}
