import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@portal/contracts';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      extra={
        <Link to={ROUTES.home}>
          <Button type="primary">{t('backHome')}</Button>
        </Link>
      }
    />
  );
}
