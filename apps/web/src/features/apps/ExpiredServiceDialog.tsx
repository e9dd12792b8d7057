import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, ROUTES } from '@portal/contracts';
import { useProfile } from '../../api/queries.ts';
import { currentLanguage } from '../../i18n/index.ts';

/**
 * The expired-service popup: the specification's message (the error catalogue's, the same the
 * server refuses a sign-in with), and Upgrade for those who may upgrade (not unit users).
 */
export function ExpiredServiceDialog({ title, onClose }: { title: string; onClose: () => void }) {
  const { t } = useTranslation('commerce');
  const navigate = useNavigate();
  const mayUpgrade = useProfile().data?.isUserUnit === false;
  return (
    <Modal
      open
      title={`${t('expired.title')}: ${title}`}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('expired.close')}
        </Button>,
        mayUpgrade && (
          <Button
            key="upgrade"
            type="primary"
            onClick={() => {
              onClose();
              void navigate(ROUTES.upgrade);
            }}
          >
            {t('expired.upgrade')}
          </Button>
        ),
      ]}
    >
      <Typography.Paragraph>{errorMessage('service.expired', currentLanguage())}</Typography.Paragraph>
      {!mayUpgrade && <Typography.Paragraph type="secondary">{t('expired.contact')}</Typography.Paragraph>}
    </Modal>
  );
}
