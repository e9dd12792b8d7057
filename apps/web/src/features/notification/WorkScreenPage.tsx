import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PUSHED_NOTIFICATIONS, ROUTES } from '@portal/contracts';
import { useBaseApps } from '../account/account-api.ts';
import { ExpiredServiceDialog } from '../apps/ExpiredServiceDialog.tsx';
import { workScreenTarget } from './work-screen-target.ts';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['notification'] as const;

function HomeButton() {
  const { t } = useTranslation();
  return (
    <Link to={ROUTES.home}>
      <Button type="primary">{t('backHome')}</Button>
    </Link>
  );
}

/**
 * /work-screen?service=…&interaction_id=…, opened from a notification: takes the user into the
 * app that sent it, at that interaction. The app is one of the user's own (the same list as the
 * app switcher); it signs them in through the portal's session, so no password is asked again.
 */
export default function WorkScreenPage() {
  const { t } = useTranslation('notification');
  const [params] = useSearchParams();
  const service = params.get('service');
  const interactionId = params.get(PUSHED_NOTIFICATIONS.interactionParam);
  const apps = useBaseApps();
  const [expiredOpen, setExpiredOpen] = useState(true);
  const target = apps.data && service && interactionId ? workScreenTarget(apps.data, service, interactionId, window.location.href) : undefined;
  const href = target && 'href' in target ? target.href : undefined;

  useEffect(() => {
    if (href) window.location.assign(href);
  }, [href]);

  if (!service || !interactionId) return <Result status="warning" title={t('workScreen.incomplete')} extra={<HomeButton />} />;
  if (apps.isError) return <Result status="error" title={apps.error.message} extra={<HomeButton />} />;
  const name = apps.data?.find((app) => app.baseAppCode === service)?.title ?? service;
  if (!target || 'href' in target) {
    return <Result icon={<Spin size="large" />} title={t('workScreen.opening', { app: name })} subTitle={t('workScreen.singleSignOn')} />;
  }
  const { refusal } = target;
  return (
    <>
      <Result
        status="error"
        title={t(refusal === 'notConfigured' ? 'workScreen.notConfigured' : 'workScreen.unavailable', { app: name })}
        subTitle={refusal === 'notConfigured' ? undefined : t('workScreen.unavailableHint')}
        extra={<HomeButton />}
      />
      {/* Every pack holding the app expired: the same popup app switcher, with Upgrade for those who may. */}
      {refusal === 'expired' && expiredOpen && <ExpiredServiceDialog title={name} onClose={() => setExpiredOpen(false)} />}
    </>
  );
}
