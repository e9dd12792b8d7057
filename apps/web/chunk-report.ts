import { relative } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunks.json`: for each chunk, the app's own modules in it (paths under
 * apps/web) and the phrase areas its code asks for (`useTranslation('unit')`). Phrases load on
 * demand, so what a screen downloads is its chunks plus those areas' phrase files;
 * scripts/size-budgets.ts counts them from this, and finds the shared resource-screen chunks.
 */
export function chunkReport(): Plugin {
  return {
    name: 'portal-chunk-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, { areas: string[]; sources: string[] }> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const areas = new Set<string>();
        const sources: string[] = [];
        for (const id of chunk.moduleIds) {
          if (id.includes('/apps/web/src/')) sources.push(relative(import.meta.dirname, id));
          const code = this.getModuleInfo(id)?.code ?? '';
          for (const match of code.matchAll(/useTranslation\(\s*(?:["'](\w+)["'])?\s*\)/g)) areas.add(match[1] ?? 'common');
        }
        report[chunk.fileName] = { areas: [...areas].sort(), sources };
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunks.json', source: JSON.stringify(report, null, 1) });
    },
  };
}
