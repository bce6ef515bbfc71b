/**
 * Module boundaries of the server (docs/decisions/019-module-boundaries.md), checked by
 * `npm run lint`. A server module is a folder under apps/server/src/modules. Tests are left out:
 * they compose modules as server.ts does.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      scope: 'folder',
      comment:
        'A server folder (a module, lib, db) takes part in an import cycle with another one. ' +
        'Break it with a small shared module or a port bound at composition (server.ts); see ' +
        'docs/architecture.md.',
      from: { path: '^apps/server/src/' },
      to: { path: '^apps/server/src/', circular: true },
    },
    {
      name: 'modules-not-to-composition',
      severity: 'error',
      comment:
        'The composition root (app.ts, server.ts, deps.ts, main.ts) imports the modules, so a ' +
        'module must not import it back: take what you need as a parameter or a port.',
      from: { path: '^apps/server/src/(modules|lib|db)/' },
      to: { path: '^apps/server/src/(app|server|deps|main)\\.ts$' },
    },
    {
      name: 'lib-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ are used by every module and must not import one.',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/modules/' },
    },
  ],
  options: {
    exclude: { path: ['\\.test\\.ts$', '\\.suite\\.ts$', '^apps/server/src/test/'] },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
