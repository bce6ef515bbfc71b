import { MSG_TABLES, type TableClosedEvent } from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';

/**
 * What the waiting room tells a seated player whose table staff closed (decision 010: closing
 * refunds every waiting seat its entry and frees it). The server pushes `table:closed` with the
 * message and the new balance; when the push was missed (socket down) the room still learns it
 * from the table itself (404, or status closed) and says the same without the amount.
 */

export interface ClosedTableNotice {
  title: string;
  message: string;
}

/** Whether a `table:closed` push is about the table this room shows. */
export function isClosedEventFor(event: TableClosedEvent, tableId: number): boolean {
  return event.table_id === tableId;
}

/**
 * The toast for a closed table: who closed it (staff), that the entry is back and, when the
 * push carried it, the balance now (Bs.). `tableName` may be blank (then no name is shown).
 */
export function closedTableNotice(
  tableName: string | null,
  event: TableClosedEvent | null,
): ClosedTableNotice {
  const name = tableName?.trim();
  const title = name ? `El personal cerró la mesa «${name}»` : 'El personal cerró la mesa';
  if (!event) return { title, message: `${MSG_TABLES.closedRefunded} Revisa tu saldo.` };
  return {
    title,
    // A no-break space keeps 'Bs.' and the amount on one line in a narrow toast.
    message: `${event.message} Tu saldo ahora es ${formatBolivares(event.new_balance).replace(' ', '\u00a0')}.`,
  };
}

/**
 * Whether the table was closed under a player who held a seat in it: the room saw them seated,
 * and the table now answers 404 or reports status `closed`. Nobody stays seated at a closed
 * table (the close refunds and frees every seat in one transaction), so this means a refund.
 */
export function closedUnderSeatedPlayer(input: {
  wasSeated: boolean;
  notFound: boolean;
  status: string | undefined;
}): boolean {
  return input.wasSeated && (input.notFound || input.status === 'closed');
}
