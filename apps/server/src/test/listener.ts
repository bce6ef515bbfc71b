import fs from 'node:fs';

/**
 * Whether process `pid` holds the socket listening on TCP `port` (any local address), read from
 * Linux's /proc (proc(5): /proc/net/tcp and tcp6, state 0A = LISTEN, and the socket inodes
 * behind /proc/<pid>/fd). True when /proc cannot tell (another system): the check is then
 * skipped, as before it existed.
 *
 * Why (docs/decisions/045-fast-test-databases.md, "Addendum, 2026-12-03 (later)"): a journey's
 * server gets a port that was free a moment before it binds it; when another process of the run
 * takes that port in between, the new server fails to listen and exits, while the health check
 * is answered by the other process (often another journey's server, with the same
 * /api/health), and the journey then talks to a server that goes away with its own journey.
 */
export function holdsListener(pid: number, port: number): boolean {
  const inodes = new Set<string>();
  let readable = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    readable = true;
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue;
      const local = cols[1] ?? '';
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.add(cols[9]!);
    }
  }
  if (!readable) return true;
  if (inodes.size === 0) return false;
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process is gone
  }
  for (const fd of fds) {
    let target: string;
    try {
      target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue; // closed meanwhile
    }
    const m = /^socket:\[(\d+)\]$/.exec(target);
    if (m && inodes.has(m[1]!)) return true;
  }
  return false;
}
