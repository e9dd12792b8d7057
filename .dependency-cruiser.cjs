// Imports run only downward. Each app is a stack of layers; a file may import its own layer
// or any layer below it, never one above. Checked by `npm run lint` (scripts/check-dependencies.ts,
// which also refuses two server modules that import each other). Tests and their helpers may
// import anything: they stand outside the stack.

/** Server, top to bottom. */
const SERVER = [
  ['main', '^apps/server/src/main[.]ts$'],
  ['app', '^apps/server/src/(app[.]ts$|bootstrap/)'],
  ['modules', '^apps/server/src/modules/'],
  ['identity', '^apps/server/src/identity/'],
  // app-context.ts names the platform's services as the modules receive them.
  ['platform', '^apps/server/src/(platform/|app-context[.]ts$)'],
  ['db', '^apps/server/src/(db/|config[.]ts$)'],
];

/** Web, top to bottom; api/ and auth/ are one layer (the session is an HTTP concern). */
const WEB = [
  ['main', '^apps/web/src/main[.]tsx$'],
  ['app', '^apps/web/src/app/'],
  ['features', '^apps/web/src/features/'],
  ['shared', '^apps/web/src/shared/'],
  ['api-auth', '^apps/web/src/(api|auth)/'],
  ['i18n', '^apps/web/src/i18n/'],
];

const TESTS = ['[.]test[.]tsx?$', '^apps/server/test/', '^apps/server/src/faults/'];

function downwardOnly(app, layers) {
  return layers.slice(1).map(([name, path], index) => ({
    name: `${app}-${name}-imports-upward`,
    severity: 'error',
    comment: `${app}: ${name} may not import ${layers.slice(0, index + 1).map(([above]) => above).join(', ')} (imports run downward only)`,
    from: { path, pathNot: TESTS },
    to: { path: layers.slice(0, index + 1).map(([, above]) => above) },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...downwardOnly('server', SERVER),
    ...downwardOnly('web', WEB),
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Files that import each other (directly or round a loop) cannot be read or moved one at a time.',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'The contracts are shared by server and web: they import neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'], conditionNames: ['import', 'types', 'default'] },
  },
};
