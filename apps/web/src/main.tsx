import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './shared/ui/base.css';
import { SettingsFailed } from './app/SettingsFailed.tsx';
import { registerServiceWorker } from './app/service-worker.ts';
import { loadAppSettings } from './api/settings.ts';
import { createSession } from './auth/session.ts';
import { markSessionExpired, watchSignOutInOtherTabs } from './auth/session-expired.ts';
import { initI18n } from './i18n/index.ts';

const root = createRoot(document.getElementById('root')!);

async function boot(): Promise<void> {
  try {
    const settings = await loadAppSettings();
    createSession(settings.environment, markSessionExpired);
    watchSignOutInOtherTabs();
  } catch (error) {
    console.error('the portal settings could not be loaded', error);
    root.render(<SettingsFailed onRetry={() => void boot()} />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void registerServiceWorker();
}

await initI18n();
await boot();
