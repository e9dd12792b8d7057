import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { hasSession } from '../../auth/session.ts';
import { ROUTES } from '@portal/contracts';

type Document = 'privacy' | 'terms';

/** A public document, readable with or without a session. */
export function LegalPage({ document }: { document: Document }) {
  const { t } = useTranslation('legal');
  const common = useTranslation().t;
  const sections = t(`${document}.sections`, { returnObjects: true });
  return (
    <div style={{ maxWidth: 820, margin: '0 auto', padding: '32px 16px' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
        <Link to={hasSession() ? ROUTES.dashboard : ROUTES.signin}>← {common('appName')}</Link>
        <LanguageSwitcher />
      </div>
      <Card>
        <Typography>
          <Typography.Title level={1}>{t(`${document}.title`)}</Typography.Title>
          <Typography.Text type="secondary">{t(`${document}.updated`)}</Typography.Text>
          {Object.entries(sections).map(([key, section]) => (
            <section key={key}>
              <Typography.Title level={3}>{section.heading}</Typography.Title>
              <Typography.Paragraph>{section.body}</Typography.Paragraph>
            </section>
          ))}
        </Typography>
      </Card>
    </div>
  );
}
