import type { Db } from '../../db/client';
import type { RealtimeHub } from '../realtime/hub';
import { tableDetails } from './repo';

/**
 * After a table changed (seat taken or freed, match started or settled): tells the public
 * `tables` channel (docs/product.md §7 UserJoinedTable -> clients reload the list) and pushes the fresh
 * snapshot to the table's room (waiting room). Never throws: a failed push must not fail the
 * request whose change already committed.
 */
export async function publishTable(db: Db, hub: RealtimeHub, tableId: number): Promise<void> {
  try {
    hub.toTables('UserJoinedTable', { table_id: tableId });
    const [detail] = await tableDetails(db, tableId);
    if (!detail) return;
    hub.toTable(tableId, 'table:updated', detail);
    // The players deciding a rematch are on their result screen, not in the table's room.
    for (const r of detail.rematch?.seats ?? []) hub.toUser(r.user_id, 'table:updated', detail);
  } catch {
    // The clients poll as a fallback; nothing to undo here.
  }
}
