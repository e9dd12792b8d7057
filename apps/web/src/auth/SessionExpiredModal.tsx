import { Button, Modal, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../api/query-client.ts';
import { dropSession, startSignIn } from './session.ts';

/** Forces a new sign-in once the session is gone; nothing else can be done meanwhile (shown only then). */
export function SessionExpiredModal() {
  const { t } = useTranslation();

  async function signInAgain() {
    queryClient.clear();
    await dropSession();
    const { pathname, search } = window.location;
    await startSignIn(`${pathname.replace(/^\/sso-fe/, '')}${search}`);
  }

  return (
    <Modal open closable={false} maskClosable={false} keyboard={false} footer={null} centered>
      <Result
        status="warning"
        title={t('sessionExpired.title')}
        subTitle={t('sessionExpired.description')}
        extra={
          <Button type="primary" autoFocus onClick={() => void signInAgain()}>
            {t('sessionExpired.action')}
          </Button>
        }
      />
    </Modal>
  );
}
