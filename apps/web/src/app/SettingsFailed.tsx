import { useTranslation } from 'react-i18next';

/** Shown when env.json cannot load: a plain message and a retry, never a blank page. */
export function SettingsFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <main role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 480, margin: '20vh auto', textAlign: 'center' }}>
      <h1 style={{ fontSize: 20 }}>{t('envFailed.title')}</h1>
      <p>{t('envFailed.description')}</p>
      <button type="button" onClick={onRetry} style={{ padding: '6px 20px', fontSize: 14, cursor: 'pointer' }}>
        {t('retry')}
      </button>
    </main>
  );
}
