// `npm run cluster`: N server processes behind HAProxy on PostgreSQL and Redis, on this machine
// (README "Several server processes", docs/decisions/063-cluster-and-drain.md). The operator's
// CLI: its own messages are English; what players read stays in the app.
//
//   npm run cluster -- [--nodes N] [--port P]
//
// DATABASE_URL and REDIS_URL choose the services (defaults in scripts/cluster-lib.mjs); the
// database is created when missing. Ctrl-C (or SIGTERM) drains every node, then stops HAProxy.
import { parseArgs } from 'node:util';
import { CLUSTER_DEFAULTS, HaproxyMissingError, startCluster } from './cluster-lib.mjs';
import { ensureWebBuilt } from './web-build.mjs';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', short: 'n' },
    port: { type: 'string', short: 'p' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log(`Usage: npm run cluster -- [--nodes N] [--port P]

  --nodes N   server processes (default ${CLUSTER_DEFAULTS.nodes})
  --port P    HAProxy's port, where players connect (default ${CLUSTER_DEFAULTS.port})

Environment: DATABASE_URL (default ${CLUSTER_DEFAULTS.databaseUrl}),
REDIS_URL (default ${CLUSTER_DEFAULTS.redisUrl}), HAPROXY_BIN, and any server setting
(README "Configuration"), passed to every node.`);
  process.exit(0);
}

/** @param {string | undefined} v @param {number} fallback @param {string} name */
function integer(v, fallback, name) {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return n;
}

const nodes = integer(values.nodes, CLUSTER_DEFAULTS.nodes, 'nodes');
const port = integer(values.port, CLUSTER_DEFAULTS.port, 'port');

const built = ensureWebBuilt();
if (built !== 0) process.exit(built);

/** @type {import('./cluster-lib.mjs').Cluster | undefined} */
let cluster;
let stopping = false;
const shutdown = async (/** @type {string} */ signal) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: draining the nodes, then stopping HAProxy...`);
  await cluster?.stop();
  console.log('Cluster stopped.');
  process.exit(0);
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => void shutdown(signal));

try {
  console.log(`Starting ${nodes} node(s) behind HAProxy on port ${port}...`);
  cluster = await startCluster({
    nodes,
    port,
    databaseUrl: process.env.DATABASE_URL || CLUSTER_DEFAULTS.databaseUrl,
    redisUrl: process.env.REDIS_URL || CLUSTER_DEFAULTS.redisUrl,
    env: process.stdout.isTTY ? { LOG_FORMAT: 'pretty' } : {},
    log: (line) => console.log(line),
  });
  if (stopping) {
    await cluster.stop();
  } else {
    console.log(`\nDominó cluster ready at http://localhost:${port} (HAProxy)`);
    for (const n of cluster.nodes) console.log(`  ${n.name}: ${n.url} (pid ${n.pid})`);
    console.log('Ctrl-C stops everything.\n');
    cluster.nodes.forEach((n) =>
      n.exited.then((code) => {
        if (!stopping) console.log(`${n.name} exited (${code ?? 'signal'})`);
      }),
    );
  }
} catch (err) {
  if (err instanceof HaproxyMissingError) console.error(`Error: ${err.message}`);
  else console.error(err);
  process.exit(1);
}
