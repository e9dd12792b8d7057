import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PUSHED_NOTIFICATIONS, STATUS, type BaseApp } from '@portal/contracts';
import { useBaseApps } from '../account/account-api.ts';
import { ExpiredServiceDialog } from '../apps/ExpiredServiceDialog.tsx';

/** The app's own link with the interaction in its query: the app signs the user in through the portal and keeps it. */
function linkAtInteraction(link: string, interactionId: string): string {
  const url = new URL(link, window.location.href);
  url.searchParams.set(PUSHED_NOTIFICATIONS.interactionParam, interactionId);
  return url.href;
}

/** Why the app cannot be opened, or undefined when it can. */
function refusalOf(app: BaseApp | undefined): 'unavailable' | 'expired' | 'notConfigured' | undefined {
  if (!app) return 'unavailable';
  if (app.channelPackageStatus !== STATUS.active) return 'expired';
  if (!app.link) return 'notConfigured';
  return undefined;
}

function HomeButton() {
  const { t } = useTranslation();
  return (
    <Link to="/">
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
  const app = apps.data?.find((candidate) => candidate.baseAppCode === service);
  const refusal = apps.isSuccess ? refusalOf(app) : undefined;
  const target = app?.link && interactionId && !refusal ? linkAtInteraction(app.link, interactionId) : undefined;

  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);

  if (!service || !interactionId) return <Result status="warning" title={t('workScreen.incomplete')} extra={<HomeButton />} />;
  if (apps.isError) return <Result status="error" title={apps.error.message} extra={<HomeButton />} />;
  const name = app?.title ?? service;
  if (!refusal) {
    return <Result icon={<Spin size="large" />} title={t('workScreen.opening', { app: name })} subTitle={t('workScreen.singleSignOn')} />;
  }
  return (
    <>
      <Result
        status="error"
        title={t(refusal === 'notConfigured' ? 'workScreen.notConfigured' : 'workScreen.unavailable', { app: name })}
        subTitle={refusal === 'notConfigured' ? undefined : t('workScreen.unavailableHint')}
        extra={<HomeButton />}
      />
      {/* An expired pack: the same popup as the app switcher, with Upgrade for those who may. */}
      {refusal === 'expired' && expiredOpen && <ExpiredServiceDialog title={name} onClose={() => setExpiredOpen(false)} />}
    </>
  );
}
