import { UNIT_CALLS, ROUTES } from '@portal/contracts';
import { callApi } from '../../api/call.ts';
import { useState } from 'react';
import { App, Button, Card, Col, Empty, Input, List, Modal, Row, Space, Spin, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UnitOfferPack, UnitOfferService } from '@portal/contracts';

import { useProfile } from '../../api/queries.ts';
import { formatDate, formatMoney } from '../../shared/format.ts';
import { notifySuccess } from '../../shared/notify.ts';
import { RemoteSelect } from '../../shared/resource/RemoteSelect.tsx';
import { unitOptions } from '../user/user-options.ts';
import { bandCount, isUpgrade } from './upgrade-offer.ts';
import './upgrade-page.css';

/** The phrase areas this screen renders: loaded with its code (router.tsx). */
export const phrases = ['commerce'] as const;

const offerKey = (unitId: string | null) => ['resource', 'UnitOffer', unitId] as const;

/** What is asked for: a pack or a service, by id and name. */
type Wish = { packageId: string; name: string } | { serviceId: string; name: string };

function RequestDialog({ unitId, wish, onClose }: { unitId: string; wish: Wish; onClose: () => void }) {
  const { t } = useTranslation('commerce');
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      const { name: _name, ...asked } = wish;
      await callApi(UNIT_CALLS.requestUpgrade, { unitId, ...asked, note: note.trim() || null });
      notifySuccess(t('upgrade.sent'));
      onClose();
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title={'packageId' in wish ? t('upgrade.requestPack', { name: wish.name }) : t('upgrade.requestService', { name: wish.name })}
      okText={t('upgrade.send')}
      onOk={() => void send()}
      confirmLoading={sending}
      onCancel={onClose}
      destroyOnHidden
    >
      <label htmlFor="upgrade-note">{t('upgrade.note')}</label>
      <Input.TextArea id="upgrade-note" rows={3} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
    </Modal>
  );
}

function ServiceState({ service }: { service: UnitOfferService }) {
  const { t } = useTranslation('commerce');
  if (service.state === 'held') return <Tag color="green">{service.endsAt ? t('upgrade.heldUntil', { date: formatDate(service.endsAt) }) : t('upgrade.held')}</Tag>;
  if (service.state === 'upcoming') return <Tag color="blue">{t('upgrade.startsOn', { date: formatDate(service.startsAt) })}</Tag>;
  if (service.state === 'expired') return <Tag color="red">{t('upgrade.expired')}</Tag>;
  return <Tag>{t('upgrade.none')}</Tag>;
}

/** A pack on offer: the unit's current one marked; a request offered only where it is an upgrade. */
function PackCard({ pack, current, upgrade, onRequest }: { pack: UnitOfferPack; current: boolean; upgrade: boolean; onRequest: () => void }) {
  const { t, i18n } = useTranslation('commerce');
  const serviceList = [...new Set(pack.serviceNames)].join(', ');
  return (
    <Card
      size="small"
      className={current ? 'upgrade-pack upgrade-pack-current' : 'upgrade-pack'}
      title={pack.name}
      extra={
        <Space size={4}>
          {current && <Tag color="green">{t('upgrade.current')}</Tag>}
          <Tag color="blue">{pack.level}</Tag>
        </Space>
      }
      actions={
        upgrade
          ? [
              <Button key="request" type="link" onClick={onRequest}>
                {t('upgrade.request')}
              </Button>,
            ]
          : undefined
      }
    >
      <Typography.Text strong>{t('upgrade.perMonth', { amount: formatMoney(pack.paymentAmount, pack.moneyType, i18n.language) })}</Typography.Text>
      <div>{t('upgrade.users', { band: pack.userBand, count: bandCount(pack.userBand) })}</div>
      {pack.trialDays ? <div>{t('upgrade.trialDays', { count: pack.trialDays })}</div> : null}
      {/* Each service once: not twice in the list, nor again as highlights that only repeat it. */}
      <div>{serviceList}</div>
      {pack.highlightFeatures && pack.highlightFeatures.trim() !== serviceList && <Typography.Paragraph type="secondary">{pack.highlightFeatures}</Typography.Paragraph>}
    </Card>
  );
}

/**
 * The upgrade/register screen (the Upgrade button, the Package section): the unit's services
 * with what it holds, Coming Soon for services without a link, trials it may register, the
 * packs on offer and a request to customer care for any of them.
 */
export default function UpgradePage() {
  const { t } = useTranslation('commerce');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const profile = useProfile().data;
  const [chosenUnit, setChosenUnit] = useState<string | null>(null);
  const unitId = profile?.unitId ?? chosenUnit;
  const [wish, setWish] = useState<Wish | null>(null);
  const offer = useQuery({
    queryKey: offerKey(unitId),
    queryFn: ({ signal }) => callApi(UNIT_CALLS.packOffer, undefined, { params: { id: unitId! }, signal }),
    enabled: unitId !== null,
  });

  const registerTrial = (service: UnitOfferService) =>
    modal.confirm({
      title: t('upgrade.registerTrial'),
      content: t('upgrade.trialQuestion', { service: service.name }),
      onOk: async () => {
        // A refusal is already told (toast): the dialog closes without an uncaught rejection.
        const trial = await callApi(UNIT_CALLS.registerTrial, { unitId, serviceId: service.serviceId }).catch(() => undefined);
        if (!trial) return;
        notifySuccess(t('upgrade.trialDone', { date: formatDate(trial.endsAt) }));
        await queryClient.invalidateQueries({ queryKey: ['resource'] });
      },
    });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('upgrade.title')}
      </Typography.Title>
      {profile?.unitId === null && (
        <RemoteSelect
          source={unitOptions}
          placeholder={t('access.unit')}
          aria-label={t('access.unit')}
          style={{ width: '100%', maxWidth: 360 }}
          value={chosenUnit ?? undefined}
          onChange={(value) => setChosenUnit(typeof value === 'string' ? value : null)}
        />
      )}
      {unitId === null ? (
        // Platform staff hold no business: the screen shows a business's offer once one is chosen.
        profile?.unitId === null && <Empty description={t('upgrade.chooseUnit')} />
      ) : offer.isPending ? (
        <Spin />
      ) : offer.isError ? (
        <Empty />
      ) : (
        <>
          <Card title={t('upgrade.services')}>
            <List
              dataSource={offer.data.services}
              rowKey="serviceId"
              renderItem={(service) => (
                <List.Item
                  actions={[
                    service.trialAvailable && (
                      <Button key="trial" onClick={() => registerTrial(service)}>
                        {t('upgrade.registerTrial')}
                      </Button>
                    ),
                    service.state !== 'held' && (
                      <Button key="request" type="link" onClick={() => setWish({ serviceId: service.serviceId, name: service.name })}>
                        {t('upgrade.request')}
                      </Button>
                    ),
                  ].filter(Boolean)}
                >
                  <List.Item.Meta
                    title={
                      <Space>
                        {service.name}
                        {/* Coming soon: not reachable yet and not held — never said of a service in use. */}
                        {!service.link && service.state === 'none' && <Tag color="purple">{t('upgrade.comingSoon')}</Tag>}
                      </Space>
                    }
                    description={<ServiceState service={service} />}
                  />
                </List.Item>
              )}
            />
          </Card>
          <Card title={t('upgrade.packs')}>
            <Row gutter={[16, 16]} className="upgrade-packs">
              {offer.data.packs.map((pack) => (
                <Col key={pack.id} xs={24} md={12} xl={8}>
                  <PackCard
                    pack={pack}
                    current={offer.data.currentPackIds.includes(pack.id)}
                    upgrade={isUpgrade(pack, offer.data.packs.filter((held) => offer.data.currentPackIds.includes(held.id)))}
                    onRequest={() => setWish({ packageId: pack.id, name: pack.name })}
                  />
                </Col>
              ))}
            </Row>
          </Card>
          <Link to={ROUTES.upgradeRequests}>{t('upgrade.myRequests')}</Link>
        </>
      )}
      {wish && unitId && <RequestDialog unitId={unitId} wish={wish} onClose={() => setWish(null)} />}
    </Space>
  );
}
