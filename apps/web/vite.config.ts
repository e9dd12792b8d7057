import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkReport } from './chunk-report.ts';

const BASE_PATH = '/sso-fe';
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:8080';
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Writes version.json (the portal version the sidebar shows) next to the build. */
function portalVersion(): Plugin {
  const body = () => JSON.stringify({ version, builtAt: new Date().toISOString() });
  return {
    name: 'portal-version',
    configureServer(server) {
      server.middlewares.use(`${BASE_PATH}/version.json`, (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(body());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: body() });
    },
  };
}

export default defineConfig({
  base: `${BASE_PATH}/`,
  plugins: [react(), portalVersion(), chunkReport()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Which chunks each screen loads: read by scripts/size-budgets.ts.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': API_TARGET,
      '/oidc': API_TARGET,
      '/realtime': { target: API_TARGET, ws: true },
      [`${BASE_PATH}/env.json`]: API_TARGET,
    },
  },
});
