import type { Executor } from '../../db/client';
import { readTogether } from '../../db/client';
import { CoalescedLookup } from '../../lib/coalesce';
import type { GameRow, PlayerRow } from './repo';
import { findGame, gamePlayersOf, gamesWithPlayers } from './repo';

/**
 * A node's copy of the games it plays (decision 008): the game row as of its `version` and its
 * seats. It saves reading the whole jsonb state (and the seats) before every move; it is never
 * the authority. Every write goes through `game_commit_move`, which locks the row and refuses a
 * move computed from another version or another presence of the seats ('stale'); the caller
 * then drops the entry, reads the game again and retries. Other nodes' moves therefore only
 * cost a refresh here. Reads that must be exact (a client opening or reopening the game) go to
 * the database and refresh the entry.
 */
export interface CachedGame {
  row: GameRow;
  players: PlayerRow[];
}

/** Bound on entries per node (a live match is ~3 KB); the oldest entry goes first. */
const MAX_ENTRIES = 20_000;

export class GameCache {
  private readonly entries = new Map<string, CachedGame>();
  /**
   * Reads through the node's own handle are coalesced: the games asked while a read runs go
   * together in the next (lib/coalesce.ts; a node taking a lost or draining node's players
   * reads thousands of games in a few seconds, each in three queries when read alone). Every
   * answer still comes from a read that started after its caller asked.
   */
  private readonly fresh: CoalescedLookup<string, CachedGame | undefined> | undefined;

  /** @param owner the node's database handle (reads through another executor are not coalesced) */
  constructor(private readonly owner?: Executor) {
    this.fresh = owner
      ? new CoalescedLookup((ids) => gamesWithPlayers(owner, ids), undefined, 500)
      : undefined;
  }

  get(gameId: string): CachedGame | undefined {
    return this.entries.get(gameId);
  }

  /**
   * Keeps a game while it is being played; a finished game is dropped. An entry older than the
   * one held (a slow transaction finishing after a newer move) is ignored.
   */
  set(entry: CachedGame): void {
    const id = entry.row.id;
    const held = this.entries.get(id);
    if (held && held.row.version > entry.row.version) return;
    this.entries.delete(id);
    if (entry.row.status !== 'playing') return;
    this.entries.set(id, entry);
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  delete(gameId: string): void {
    this.entries.delete(gameId);
  }

  get size(): number {
    return this.entries.size;
  }

  /** Coalesced reads made through the node's handle since start (tests and metrics). */
  get freshReads(): number {
    return this.fresh?.reads ?? 0;
  }

  /**
   * The cached game, or a fresh read (stored for next time) when there is none, when `refresh`
   * is set, or when the caller knows a newer version (`atLeastVersion`). Undefined if no such game.
   */
  async load(
    db: Executor,
    gameId: string,
    opts: { refresh?: boolean; atLeastVersion?: number } = {},
  ): Promise<CachedGame | undefined> {
    const hit = this.entries.get(gameId);
    if (hit && !opts.refresh && hit.row.version >= (opts.atLeastVersion ?? 0)) return hit;
    // Both reads at once: one wait for a pooled connection instead of two in a row, which is
    // what a player reconnecting to a node that just took a dead node's players waits on
    // (decision 067). A seat read a moment before its game is no risk: a move computed from
    // another presence of the seats is refused as stale by game_commit_move.
    let entry: CachedGame | undefined;
    if (this.fresh && db === this.owner) {
      entry = await this.fresh.get(gameId);
    } else {
      const [row, players] = await readTogether(db, [
        () => findGame(db, gameId),
        () => gamePlayersOf(db, gameId),
      ]);
      entry = row ? { row, players } : undefined;
    }
    if (!entry) {
      this.entries.delete(gameId);
      return undefined;
    }
    this.set(entry);
    return entry;
  }
}

/** One cache per database handle, i.e. per server node (tests build several nodes in one process). */
const caches = new WeakMap<object, GameCache>();

export function gameCacheFor(db: object): GameCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new GameCache(db as Executor);
    caches.set(db, cache);
  }
  return cache;
}
