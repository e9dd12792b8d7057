import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppList } from './AppList.tsx';

/** /list-base-app: every app the user may open. */
export default function ListBaseAppPage() {
  const { t } = useTranslation('account');
  return (
    <Card title={t('apps.title')} style={{ maxWidth: 640 }}>
      <AppList />
    </Card>
  );
}
