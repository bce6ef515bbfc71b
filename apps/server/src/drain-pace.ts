/**
 * How fast a draining node sends its players to the other nodes (docs/decisions/063-cluster-and-drain.md
 * "The drain", and its pace in docs/decisions/067-recovery-after-a-lost-node.md, addendum
 * "Cheaper connections and a paced drain").
 */

/** The drain settings this module reads (config.ts; every value in ms, or players per second). */
export interface DrainPaceConfig {
  /** How long the node answers 503 on /api/ready before it tells its sockets to move (ms). */
  DRAIN_NOTICE_MS: number;
  /** The shortest window over which the node's players reconnect elsewhere (ms). */
  DRAIN_RECONNECT_MS: number;
  /** The longest window (ms): a node with many players spreads them up to this. */
  DRAIN_RECONNECT_MAX_MS: number;
  /** At most this many players per second are sent to the other nodes (0: no pacing). */
  DRAIN_ADMIT_PER_S: number;
}

/** How long a draining node still waits for its sockets after the reconnect window, in ms. */
export const DRAIN_SOCKET_GRACE_MS = 1000;

/**
 * What the node may take to close once its sockets are gone (Socket.IO, Fastify's requests in
 * flight, Redis, the PostgreSQL pool), in ms: the 5 s the watchdog's bound of decision 063 left.
 */
export const DRAIN_CLOSE_MS = 5000;

/**
 * The window, in ms, that `server:draining {reconnect_within_ms}` announces to a node holding
 * `sockets` sockets: long enough that they arrive at the other nodes at no more than
 * DRAIN_ADMIT_PER_S per second (each client waits a random time within it, so arrivals are
 * uniform over it), never shorter than DRAIN_RECONNECT_MS nor longer than
 * DRAIN_RECONNECT_MAX_MS (when the maximum is below the minimum, the minimum wins).
 * DRAIN_ADMIT_PER_S = 0 gives DRAIN_RECONNECT_MS. A whole number of ms.
 */
export function drainWindowMs(sockets: number, c: DrainPaceConfig): number {
  const floor = c.DRAIN_RECONNECT_MS;
  if (c.DRAIN_ADMIT_PER_S <= 0 || sockets <= 0) return floor;
  const paced = Math.ceil((sockets / c.DRAIN_ADMIT_PER_S) * 1000);
  return Math.max(floor, Math.min(paced, c.DRAIN_RECONNECT_MAX_MS));
}

/**
 * The hard bound on a node's exit after SIGTERM, in ms (main.ts arms the watchdog with it,
 * decision 063): the notice, the longest window the drain may announce, the grace for the
 * sockets left, and DRAIN_CLOSE_MS to close. 9.5 s with the defaults (1.5 + 2 + 1 + 5); 13.5 s
 * with DRAIN_RECONNECT_MAX_MS at 6 s.
 */
export function exitBoundMs(c: DrainPaceConfig): number {
  return (
    c.DRAIN_NOTICE_MS +
    Math.max(c.DRAIN_RECONNECT_MS, c.DRAIN_RECONNECT_MAX_MS) +
    DRAIN_SOCKET_GRACE_MS +
    DRAIN_CLOSE_MS
  );
}
