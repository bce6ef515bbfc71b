// @ts-check
// A cluster on one machine with real parts (README "Several server processes",
// docs/decisions/063-cluster-and-drain.md): N server processes on PostgreSQL and Redis behind
// HAProxy configured by ops/haproxy/haproxy.cfg. Used by `npm run cluster` (scripts/cluster.mjs),
// by the cluster test and by benchmarks.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The HAProxy configuration every cluster runs (the same file serves several machines). */
export const HAPROXY_CONFIG = path.join(root, 'ops/haproxy/haproxy.cfg');

/** Node slots in HAPROXY_CONFIG (DOMINO_NODE_1 … DOMINO_NODE_16). */
export const MAX_NODES = 16;

/** Defaults of `npm run cluster`. */
export const CLUSTER_DEFAULTS = Object.freeze({
  nodes: 2,
  port: 3000,
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/domino_cluster',
  redisUrl: 'redis://127.0.0.1:6379',
});

/** How long a node may take to become ready (migrations on a loaded machine), in milliseconds. */
const READY_TIMEOUT_MS = 180_000;
/** How long stop() waits for a process after SIGTERM before SIGKILL, in milliseconds. */
const STOP_TIMEOUT_MS = 15_000;

/** Thrown when no HAProxy binary is found; its message tells the operator how to install it. */
export class HaproxyMissingError extends Error {
  constructor() {
    super(
      'HAProxy is not installed: install it (Debian/Ubuntu: `sudo apt-get install haproxy`) ' +
        'or put a `haproxy` binary on PATH, or set HAPROXY_BIN.',
    );
    this.name = 'HaproxyMissingError';
  }
}

/**
 * The HAProxy binary: $HAPROXY_BIN, /usr/sbin/haproxy, or `haproxy` on PATH; null when none.
 * @returns {string | null}
 */
export function findHaproxy() {
  const candidates = [
    process.env.HAPROXY_BIN,
    '/usr/sbin/haproxy',
    ...(process.env.PATH ?? '').split(path.delimiter).map((d) => d && path.join(d, 'haproxy')),
  ];
  for (const c of candidates) {
    if (!c) continue;
    try {
      fs.accessSync(c, fs.constants.X_OK);
      return c;
    } catch {
      // next
    }
  }
  return null;
}

/**
 * A free TCP port on 127.0.0.1 (the OS picks it).
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * Creates the PostgreSQL database of `databaseUrl` when it does not exist (connecting to the
 * server's `postgres` database with the same credentials).
 * @param {string} databaseUrl
 * @returns {Promise<void>}
 */
export async function ensureDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\/+/, ''));
  if (!name) throw new Error(`DATABASE_URL names no database: ${databaseUrl}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client
        .query(`create database "${name.replace(/"/g, '""')}"`)
        .catch((/** @type {{code?: string}} */ err) => {
          // Another process created it meanwhile.
          if (err.code !== '42P04') throw err;
        });
    }
  } finally {
    await client.end();
  }
}

/**
 * Waits until `url` answers 200, or throws after `timeoutMs` or as soon as `failed()` says the
 * process is gone.
 * @param {string} url
 * @param {{timeoutMs?: number, failed?: () => string | null}} [opts]
 * @returns {Promise<void>}
 */
export async function waitForOk(url, opts = {}) {
  const deadline = Date.now() + (opts.timeoutMs ?? READY_TIMEOUT_MS);
  for (;;) {
    const why = opts.failed?.();
    if (why) throw new Error(`${url}: ${why}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 in time`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * Passes each line a child writes to `log`, prefixed with its name.
 * @param {import('node:stream').Readable | null} stream
 * @param {string} name
 * @param {(line: string) => void} log
 */
function pipeLines(stream, name, log) {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (/** @type {string} */ chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) log(`[${name}] ${line}`);
  });
  stream.on('end', () => {
    if (rest) log(`[${name}] ${rest}`);
  });
}

/**
 * A child process started by `start()`, restartable.
 * @param {string} name
 * @param {() => import('node:child_process').ChildProcess} start
 */
function supervised(name, start) {
  /** @type {import('node:child_process').ChildProcess} */
  let child;
  /** @type {Promise<number | null>} */
  let exited;
  /** @type {number | null | undefined} */
  let exitCode;
  const launch = () => {
    exitCode = undefined;
    child = start();
    const current = child;
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => {
        exitCode = code ?? (signal ? null : 0);
        resolve(exitCode);
      });
      current.once('error', () => {
        exitCode = null;
        resolve(null);
      });
    });
  };
  launch();
  return {
    name,
    launch,
    get child() {
      return child;
    },
    get exited() {
      return exited;
    },
    /** Why the current process cannot become ready, or null while it runs. */
    failed: () => (exitCode === undefined ? null : `${name} exited with ${exitCode ?? 'a signal'}`),
    running: () => exitCode === undefined,
    /** @param {NodeJS.Signals} [signal] */
    kill: (signal = 'SIGTERM') => {
      if (exitCode === undefined) child.kill(signal);
    },
    /** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS; resolves with the exit code. */
    async stop() {
      if (exitCode !== undefined) return exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * @typedef {object} ClusterNode
 * @property {string} name `node1` … `nodeN` (HAProxy's server name and cookie value)
 * @property {number} port its own port on 127.0.0.1 (behind HAProxy)
 * @property {number | undefined} pid the current process's id
 * @property {string} url `http://127.0.0.1:<port>` (straight to the node, not through HAProxy)
 * @property {(signal?: NodeJS.Signals) => void} kill sends a signal (default SIGTERM) to the current process
 * @property {() => Promise<void>} restart stops the current process if it runs (SIGTERM), starts a new one on the same port and resolves when it is ready
 * @property {Promise<number | null>} exited the current process's exit code (null: killed by a signal)
 */

/**
 * @typedef {object} Cluster
 * @property {string} url HAProxy's front, `http://127.0.0.1:<port>`
 * @property {ClusterNode[]} nodes
 * @property {{pid: number | undefined, kill: (signal?: NodeJS.Signals) => void, restart: () => Promise<void>}} haproxy
 * @property {() => Promise<void>} stop drains every node (SIGTERM, waits for them), then stops HAProxy
 */

/**
 * Starts a cluster on this machine: creates the database if missing, starts node 1 alone (it
 * migrates and seeds the demo data once), then the others, each on a free port on 127.0.0.1,
 * and HAProxy on `port` with ops/haproxy/haproxy.cfg; resolves when HAProxy answers
 * /api/ready. On failure everything started is stopped and the error rethrown
 * (HaproxyMissingError when HAProxy is not installed).
 *
 * @param {object} [opts]
 * @param {number} [opts.nodes] how many server processes (default 2, at most MAX_NODES)
 * @param {number} [opts.port] HAProxy's port (default 3000; 0 = a free port)
 * @param {string} [opts.databaseUrl] PostgreSQL (default postgres://postgres@127.0.0.1:5432/domino_cluster)
 * @param {string} [opts.redisUrl] Redis (default redis://127.0.0.1:6379)
 * @param {Record<string, string>} [opts.env] extra environment of every node (overrides the cluster's)
 * @param {string[]} [opts.nodeArgs] Node.js options of every node, before the entry point (e.g. `--cpu-prof`)
 * @param {(line: string) => void} [opts.log] receives every output line of the nodes and HAProxy, prefixed (default: dropped)
 * @returns {Promise<Cluster>}
 */
export async function startCluster(opts = {}) {
  const count = opts.nodes ?? CLUSTER_DEFAULTS.nodes;
  if (!Number.isInteger(count) || count < 1 || count > MAX_NODES)
    throw new Error(`nodes must be 1 to ${MAX_NODES}`);
  const databaseUrl = opts.databaseUrl ?? CLUSTER_DEFAULTS.databaseUrl;
  const redisUrl = opts.redisUrl ?? CLUSTER_DEFAULTS.redisUrl;
  const log = opts.log ?? (() => {});
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new HaproxyMissingError();
  const frontPort = opts.port === 0 ? await freePort() : (opts.port ?? CLUSTER_DEFAULTS.port);
  const url = `http://127.0.0.1:${frontPort}`;

  await ensureDatabase(databaseUrl);

  /** @type {ReturnType<typeof supervised>[]} */
  const started = [];
  /** @type {ClusterNode[]} */
  const nodes = [];
  /** @type {number[]} */
  const ports = [];
  for (let i = 0; i < count; i++) ports.push(await freePort());

  /** @param {number} i */
  const nodeEnv = (i) => ({
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(ports[i]),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // HAProxy runs on this machine: believe its X-Forwarded-For (decision 039).
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: `http://localhost:${frontPort}`,
    // Banco de pruebas is one process's toy (decision 052): not in a cluster.
    BANK_SIMULATOR_PORT: '',
    ...opts.env,
  });

  /** @param {number} i */
  const makeNode = (i) => {
    const name = `node${i + 1}`;
    const proc = supervised(name, () => {
      const child = spawn(
        process.execPath,
        [...(opts.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
        // Own process group: a terminal's Ctrl-C reaches the CLI only, which drains in order.
        { cwd: root, env: nodeEnv(i), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
      );
      pipeLines(child.stdout, name, log);
      pipeLines(child.stderr, name, log);
      return child;
    });
    started.push(proc);
    const nodeUrl = `http://127.0.0.1:${ports[i]}`;
    const ready = () => waitForOk(`${nodeUrl}/api/ready`, { failed: proc.failed });
    /** @type {ClusterNode} */
    const node = {
      name,
      port: /** @type {number} */ (ports[i]),
      url: nodeUrl,
      get pid() {
        return proc.child.pid;
      },
      kill: (signal) => proc.kill(signal),
      async restart() {
        await proc.stop();
        proc.launch();
        await ready();
      },
      get exited() {
        return proc.exited;
      },
    };
    return { node, ready };
  };

  /** @type {ReturnType<typeof supervised> | undefined} */
  let haproxy;
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop()));
    await haproxy?.stop();
  };

  try {
    // Node 1 first and alone: it migrates and seeds the demo data (and prints a generated admin
    // password) once; the others start on a ready database.
    const first = makeNode(0);
    nodes.push(first.node);
    await first.ready();
    const rest = [];
    for (let i = 1; i < count; i++) {
      const n = makeNode(i);
      nodes.push(n.node);
      rest.push(n.ready());
    }
    await Promise.all(rest);

    /** @type {Record<string, string>} */
    const haproxyEnv = { ...process.env, DOMINO_BIND: `127.0.0.1:${frontPort}` };
    for (let i = 1; i <= MAX_NODES; i++) delete haproxyEnv[`DOMINO_NODE_${i}`];
    ports.forEach((p, i) => (haproxyEnv[`DOMINO_NODE_${i + 1}`] = `127.0.0.1:${p}`));
    const hap = supervised('haproxy', () => {
      // -W: master-worker (SIGUSR2 reloads), -db: stays in the foreground.
      const child = spawn(haproxyBin, ['-W', '-db', '-f', HAPROXY_CONFIG], {
        cwd: root,
        env: haproxyEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      pipeLines(child.stdout, 'haproxy', log);
      pipeLines(child.stderr, 'haproxy', log);
      return child;
    });
    haproxy = hap;
    const front = () => waitForOk(`${url}/api/ready`, { failed: hap.failed });
    await front();
    return {
      url,
      nodes,
      haproxy: {
        get pid() {
          return hap.child.pid;
        },
        kill: (signal) => hap.kill(signal),
        async restart() {
          await hap.stop();
          hap.launch();
          await front();
        },
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
