import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../shared/notify.ts';

/** The recovery codes, shown this once. */
export function RecoveryCodesView({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5}>{t('twoFactor.recoveryTitle')}</Typography.Title>
      <Alert type="warning" showIcon title={t('twoFactor.recoveryText')} />
      <ol aria-label={t('twoFactor.recoveryTitle')} style={{ columns: 2, fontFamily: 'monospace', fontSize: 15 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space>
        <Button
          icon={<CopyOutlined />}
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => notifySuccess(t('twoFactor.copied')));
          }}
        >
          {t('twoFactor.copy')}
        </Button>
        <Button type="primary" onClick={onDone}>
          {t('twoFactor.done')}
        </Button>
      </Space>
    </Space>
  );
}
