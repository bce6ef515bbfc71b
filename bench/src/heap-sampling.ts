/**
 * What a running server allocates, by the code that allocates it (docs/performance.md "Where a
 * human-paced move's garbage comes from"): attaches to the server's inspector, runs V8's sampling
 * heap profiler (`HeapProfiler.startSampling`, Chrome DevTools Protocol) for `--seconds`, and
 * prints the sampled bytes by the innermost frame of our code (apps/ or packages/) and by the
 * allocating frame. With `--moves-db <database>` it also reads the games' versions before and
 * after, and prints the bytes per move.
 *
 * By default every allocation counts, whatever collected it (the allocation rate). With
 * `--survivors`, objects that a scavenge collected are left out: what remains is what reached a
 * mark-compact (promoted, or still young when one ran) and what is still alive.
 *
 * Run against a server started with its inspector on, e.g. the real-time bench:
 *   npx tsx bench/src/realtime-matches.ts --matches 500 --think 1500-6000 --seconds 240 \
 *     --server-node-args '--inspect=127.0.0.1:9229'
 *   npx tsx bench/src/heap-sampling.ts --seconds 20 [--port 9229] [--top 25] [--survivors] \
 *     [--moves-db domino_bench_rt_…]
 * (A running Node process without the flag opens its inspector on SIGUSR1.) The profiler samples
 * one allocation every 16 KB on average (`--interval`), so the figures are estimates.
 */
import pg from 'pg';
import WebSocket from 'ws';
import { BASE_DB, arg, runBench } from './realtime-server';

const PORT = Number(arg('port', '9229'));
const SECONDS = Number(arg('seconds', '20'));
const TOP = Number(arg('top', '25'));
const INTERVAL = Number(arg('interval', '16384'));
const SURVIVORS = process.argv.includes('--survivors');
const MOVES_DB = arg('moves-db', '');

/** A node of the profile's call tree (Chrome DevTools Protocol, HeapProfiler.SamplingHeapProfileNode). */
interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** One DevTools Protocol session over the inspector's WebSocket. */
async function devtools(port: number): Promise<{
  call: (method: string, params?: object) => Promise<Record<string, unknown>>;
  close: () => void;
}> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const url = targets[0]?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const ws = new WebSocket(url, { perMessageDeflate: false, maxPayload: 1 << 30 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 0;
  const waiting = new Map<
    number,
    (m: { result?: Record<string, unknown>; error?: unknown }) => void
  >();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> };
    if (m.id !== undefined) waiting.get(m.id)?.(m);
  });
  return {
    call: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        waiting.set(id, (m) => {
          waiting.delete(id);
          if (m.error) reject(new Error(`${method}: ${JSON.stringify(m.error)}`));
          else resolve(m.result ?? {});
        });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/** The sum of the games' versions (every committed move adds one). */
async function movesSoFar(database: string): Promise<number> {
  const url = new URL(BASE_DB);
  url.pathname = `/${database}`;
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string | null }>('select sum(version) as n from games');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await c.end();
  }
}

function frameName(f: ProfileNode['callFrame']): string {
  const where = f.url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '')
    .replace(/.*\/(apps|packages)\//, '$1/');
  return `${f.functionName || '(anonymous)'} ${where}${where ? `:${f.lineNumber + 1}` : ''}`;
}

const OURS = /^(\S+) (apps|packages)\//;

async function main(): Promise<void> {
  const session = await devtools(PORT);
  const before = MOVES_DB ? await movesSoFar(MOVES_DB) : 0;
  await session.call('HeapProfiler.enable');
  await session.call('HeapProfiler.startSampling', {
    samplingInterval: INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !SURVIVORS,
  });
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  const { profile } = (await session.call('HeapProfiler.stopSampling')) as {
    profile: { head: ProfileNode };
  };
  const after = MOVES_DB ? await movesSoFar(MOVES_DB) : 0;
  session.close();

  const byLeaf = new Map<string, number>();
  const byOurs = new Map<string, number>();
  let total = 0;
  const walk = (node: ProfileNode, stack: string[]) => {
    const name = frameName(node.callFrame);
    const here = [...stack, name];
    if (node.selfSize > 0) {
      total += node.selfSize;
      byLeaf.set(name, (byLeaf.get(name) ?? 0) + node.selfSize);
      const ours = [...here].reverse().find((s) => OURS.test(s)) ?? '(no frame of ours)';
      byOurs.set(ours, (byOurs.get(ours) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, here);
  };
  walk(profile.head, []);

  const moves = after - before;
  const kind = SURVIVORS ? 'not collected by a scavenge' : 'allocated';
  console.log(
    `${(total / 1048576).toFixed(1)} MB ${kind} in ${SECONDS} s` +
      (MOVES_DB
        ? `, ${moves} moves: ${(total / 1024 / Math.max(moves, 1)).toFixed(1)} KB per move`
        : ''),
  );
  const print = (title: string, m: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, bytes] of [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      const share = ((100 * bytes) / total).toFixed(1).padStart(5);
      console.log(`${(bytes / 1024).toFixed(0).padStart(9)} KB ${share}%  ${name}`);
    }
  };
  print('by the innermost frame of our code', byOurs);
  print('by the allocating frame', byLeaf);
}

runBench(main);
