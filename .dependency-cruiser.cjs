/**
 * Module boundaries of the server (docs/decisions/019-module-boundaries.md), checked by
 * `npm run lint`. A server module is a folder under apps/server/src/modules. Tests are left out:
 * they compose modules as server.ts does.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * The module floors, bottom first, read from the table "Modules and what each owns" of
 * docs/architecture.md, so the doc is the one place that states them (decision 019). A module
 * imports only modules on a lower floor (earlier in the table); `architecture-doc.test.ts`
 * (apps/server/src/test) holds the table against the module folders.
 */
function moduleFloors() {
  const doc = readFileSync(path.join(__dirname, 'docs/architecture.md'), 'utf8');
  const start = doc.indexOf('### Modules and what each owns');
  const end = doc.indexOf('\n#', start + 1);
  const rows = doc.slice(start, end).split('\n');
  const floors = rows.flatMap((row) => {
    const m = /^\|\s*`([a-z-]+)`\s*\|/.exec(row);
    return m ? [m[1]] : [];
  });
  if (floors.length === 0) throw new Error('docs/architecture.md: no module table found');
  return floors;
}

/**
 * One rule per floor: a module must not import a module listed after it (a higher floor). Type
 * imports count too (tsPreCompilationDeps): a type pulled from above is still a dependency.
 */
function floorRules() {
  const floors = moduleFloors();
  return floors.slice(0, -1).map((module, i) => ({
    name: `module-floors-${module}`,
    severity: 'error',
    comment:
      `${module} imports a module on a higher floor. The floors, bottom first, are the table ` +
      '"Modules and what each owns" of docs/architecture.md (decision 019): move what both ' +
      'need down, or take it as a port bound at composition (app.ts, server.ts).',
    from: { path: `^apps/server/src/modules/${module}/` },
    to: { path: `^apps/server/src/modules/(${floors.slice(i + 1).join('|')})/` },
  }));
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floorRules(),
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
    // A module's own tables (modules/<m>/schema.ts) are re-exported by db/schema.ts, the index of
    // every table drizzle reads: that one edge is not a module dependency (decision 060).
    exclude: {
      path: [
        '\\.test\\.ts$',
        '\\.suite\\.ts$',
        '^apps/server/src/test/',
        '^apps/server/src/modules/[^/]+/schema\\.ts$',
      ],
    },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
