import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATUS, USER_DESCRIPTORS } from '@portal/contracts';
import { callApi } from '../../api/call-api.ts';
import { Panel } from '../../shared/Panel.tsx';

/** The signed-in user's services (the specification's dashboard call, `USER_DESCRIPTORS.myServices`), with a way into each. */
export function MyServices() {
  const { t } = useTranslation('dashboard');
  const services = useQuery({
    queryKey: ['dashboard', 'my-services'],
    queryFn: ({ signal }) => callApi(USER_DESCRIPTORS.myServices, undefined, { signal }),
  });
  return (
    <Panel title={t('myServices.title')}>
      {services.isPending ? (
        <p className="dashboard-empty" aria-busy="true">{t('myServices.loading')}</p>
      ) : !services.data?.length ? (
        <p className="dashboard-empty">{t('myServices.none')}</p>
      ) : (
        <ul className="my-services">
          {services.data.map((service) => {
            const active = service.channelPackageStatus === STATUS.active;
            return (
              <li key={service.baseAppCode}>
                <span className="my-service-name">{service.title}</span>
                <span className={active ? 'my-service-state' : 'my-service-state my-service-expired'}>{active ? t('myServices.active') : t('myServices.expired')}</span>
                {active && service.link && (
                  <a href={service.link} target="_blank" rel="noopener noreferrer" aria-label={t('myServices.openNamed', { name: service.title })}>
                    {t('myServices.open')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
