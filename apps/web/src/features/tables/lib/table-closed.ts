import { MSG_PRIVATE, MSG_TABLES, type TableClosedEvent } from '@domino/contracts';
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
 * Who closed the table, from the server's message: the host of a private table cancelled it, it
 * expired unfilled, a rematch window ran out, or (any other message) staff closed it.
 */
function closedBy(name: string | undefined, message: string | null): string {
  const at = name ? ` «${name}»` : '';
  switch (message) {
    case MSG_PRIVATE.cancelledRefunded:
      return `Se canceló la mesa privada${at}`;
    case MSG_PRIVATE.expiredRefunded:
      return `Venció la mesa privada${at}`;
    case MSG_TABLES.rematchLapsed:
      return `No hubo revancha${at}`;
    default:
      return name ? `El personal cerró la mesa «${name}»` : 'El personal cerró la mesa';
  }
}

/**
 * The toast for a closed table: who closed it (staff; or, for a private table, its host or its
 * expiry), that the entry is back and, when the push carried it, the balance now (Bs.).
 * `tableName` may be blank (then no name is shown). Without the push, `isPrivate` says the
 * table was a private one (its host or its expiry closed it, not staff).
 */
export function closedTableNotice(
  tableName: string | null,
  event: TableClosedEvent | null,
  isPrivate = false,
): ClosedTableNotice {
  const name = tableName?.trim();
  const title = closedBy(name, event?.message ?? null);
  if (!event && isPrivate)
    return {
      title: name ? `Se cerró la mesa privada «${name}»` : 'Se cerró la mesa privada',
      message: `${MSG_PRIVATE.closed} Si pagaste una entrada, te la devolvimos. Revisa tu saldo.`,
    };
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
