import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/**
 * Claiming one job of a leased job table: a table keyed by (`game_id`, one more key column) whose
 * rows carry `status` ('pending' | 'running' | 'done' | 'failed'), `attempts`, `lease_until`,
 * `error`, `created_at` and `updated_at`. Workers of every node claim from it without blocking each
 * other (`FOR UPDATE SKIP LOCKED`), a claim holds a lease on the database clock, and a job whose
 * lease ran out is claimed again until its attempts are used up (decision 029, "the queue").
 * Used by the post-game analyses (`game_analyses`, keyed by seat) and the hand-sharing scores
 * (`hand_sharing_scores`, keyed by side; decision 059).
 */

/** The leased job tables and the second column of their key. */
export type LeasedJobTable =
  | { readonly table: 'game_analyses'; readonly key: 'seat' }
  | { readonly table: 'hand_sharing_scores'; readonly key: 'side' };

/** A claimed job: its game, its second key's value, and the claim's attempt (its fencing token). */
export interface LeasedJobClaim {
  readonly gameId: string;
  readonly key: number;
  readonly attempt: number;
}

/**
 * Claims the oldest job that is pending, or running with a lease that ran out and attempts left:
 * status running, `attempts + 1`, lease until now + `leaseMs` (milliseconds, database clock). Rows
 * locked by another transaction are skipped. Jobs whose lease ran out with no attempts left are
 * marked failed first ("lease expired too many times"). Returns null when nothing is claimable.
 */
export async function claimLeasedJob(
  db: Executor,
  { table, key }: LeasedJobTable,
  leaseMs: number,
  maxAttempts: number,
): Promise<LeasedJobClaim | null> {
  const t = sql.identifier(table);
  const k = sql.identifier(key);
  await db.execute(sql`
    update ${t}
       set status = 'failed', error = 'lease expired too many times', updated_at = now()
     where status = 'running' and lease_until < now() and attempts >= ${maxAttempts}`);
  const res = await db.execute(sql`
    update ${t} j
       set status = 'running',
           attempts = j.attempts + 1,
           lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
           updated_at = now()
      from (select game_id, ${k}
              from ${t}
             where (status = 'pending'
                    or (status = 'running' and lease_until < now()))
               and attempts < ${maxAttempts}
             order by created_at
             limit 1
               for update skip locked) c
     where j.game_id = c.game_id and j.${k} = c.${k}
    returning j.game_id, j.${k} as key, j.attempts`);
  const row = (res as unknown as { rows: { game_id: string; key: number; attempts: number }[] })
    .rows[0];
  return row ? { gameId: row.game_id, key: Number(row.key), attempt: Number(row.attempts) } : null;
}
