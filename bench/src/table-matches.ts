/**
 * Paid four-player table matches for the benches that play them over Socket.IO
 * (realtime-matches.ts, failover.ts): the `--think` range, the acks of `game:move` and
 * `game:join`, bench tables, seating four players through the server's join/escrow path, and a
 * comparable key of a move (wire or move-log shape).
 */
import type { GameView } from '@domino/contracts';
import { api, arg, pool } from './realtime-server';

/** Ack of `game:move` (contracts MoveGameAck): with `ack_view: true`, the mover's view too. */
export type MoveAck = { ok: true; version: number; view?: GameView } | { ok: false; code: string };
export type JoinAck = { ok: true; view: GameView } | { ok: false; code: string };

/** Entry price of the bench tables, bolívares (the server keeps céntimos). */
export const BENCH_ENTRY_PRICE = 10;

/** `--think MIN-MAX` (ms): the human-paced think time range; null when not given. */
export function thinkRange(fallback = ''): { min: number; max: number } | null {
  const raw = arg('think', fallback);
  if (!raw) return null;
  const m = /^(\d+)-(\d+)$/.exec(raw.trim());
  if (!m || Number(m[1]) > Number(m[2])) throw new Error(`--think wants MIN-MAX in ms, got ${raw}`);
  return { min: Number(m[1]), max: Number(m[2]) };
}

/**
 * Creates `n` paid tables (entry BENCH_ENTRY_PRICE, 120 s turns, `target` points when given:
 * 100, 150 or 200), 8 at a time, as the admin; returns their ids in order.
 */
export async function createBenchTables(
  base: string,
  adminToken: string,
  n: number,
  target: string,
): Promise<number[]> {
  return pool(Array.from({ length: n }), 8, async (_, i) => {
    const t = await api<{ id: number }>(
      base,
      'POST',
      '/api/admin/tables',
      {
        name: `Bench ${i + 1}`,
        entry_price: BENCH_ENTRY_PRICE,
        turn_seconds: 120,
        ...(target ? { target_points: Number(target) } : {}),
      },
      adminToken,
    );
    return t.id;
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Seats four players (tokens in seat order) at a table, each paying the entry into escrow, and
 * returns the match the fourth join started. With `retry`, a join refused because the table's
 * previous match is still settling (`tables/playing`) is tried again (20 times, 250 ms apart).
 * Throws the API error otherwise, or when the table has no game after the four joins.
 */
export async function seatPlayers(
  base: string,
  tableId: number,
  tokens: readonly string[],
  retry: boolean,
): Promise<string> {
  for (const token of tokens) {
    for (let attempt = 1; ; attempt++) {
      try {
        await api(
          base,
          'POST',
          `/api/tables/${tableId}/join`,
          { entry_price: BENCH_ENTRY_PRICE },
          token,
        );
        break;
      } catch (err) {
        if (!retry || attempt >= 20 || !/tables\/playing/.test(String(err))) throw err;
        await sleep(250);
      }
    }
  }
  const detail = await api<{ game_id: string | null }>(base, 'GET', `/api/tables/${tableId}`);
  if (!detail.game_id) throw new Error(`table ${tableId} has no game after four joins`);
  return detail.game_id;
}

/**
 * A comparable text for a move, from the wire (`{tile, end}`, `{pass: true}`, `{draw: true}`)
 * or from the move log (`{kind: 'play', tile, end}`, `{kind: 'pass'}`, `{kind: 'draw'}`): the
 * tile's pips sorted, so both shapes of one move give the same key.
 */
export function moveKey(move: unknown): string {
  const m = move as {
    kind?: string;
    pass?: boolean;
    draw?: boolean;
    tile?: unknown;
    end?: unknown;
  };
  if (m.kind === 'pass' || m.pass) return 'pass';
  if (m.kind === 'draw' || m.draw) return 'draw';
  const pips = (JSON.stringify(m.tile ?? null).match(/\d+/g) ?? [])
    .map(Number)
    .sort((a, b) => a - b);
  return `play:${pips.join('-')}:${String(m.end)}`;
}
