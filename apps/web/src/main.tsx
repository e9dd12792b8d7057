// First: before any contract's schema is built (zod-without-eval.ts).
import './app/zod-without-eval.ts';
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

async function boot(settingsLoad: Promise<Awaited<ReturnType<typeof loadAppSettings>>> = loadAppSettings()): Promise<void> {
  try {
    const settings = await settingsLoad;
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

// The settings (env.json) and the common phrases do not depend on each other: fetched together,
// not one after the other, on the way to the first screen (issue 25: the slow list reload).
const settingsLoad = loadAppSettings();
settingsLoad.catch(() => undefined); // reported by boot, which awaits it
await initI18n();
await boot(settingsLoad);
