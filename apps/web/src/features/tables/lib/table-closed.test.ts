import { describe, expect, it } from 'vitest';
import { MSG_PRIVATE, MSG_TABLES, tableClosedEventSchema } from '@domino/contracts';
import { closedTableNotice, closedUnderSeatedPlayer, isClosedEventFor } from './table-closed';

const event = { table_id: 7, message: MSG_TABLES.closedRefunded, new_balance: 1250.5 };

describe('a table closed under a waiting player', () => {
  it('accepts the server push and refuses malformed ones', () => {
    expect(tableClosedEventSchema.safeParse(event).success).toBe(true);
    expect(tableClosedEventSchema.safeParse({ ...event, table_id: '7' }).success).toBe(false);
    expect(tableClosedEventSchema.safeParse({ table_id: 7, message: '' }).success).toBe(false);
    expect(tableClosedEventSchema.safeParse(null).success).toBe(false);
  });

  it('reacts only to the push about the table the room shows', () => {
    expect(isClosedEventFor(event, 7)).toBe(true);
    expect(isClosedEventFor(event, 8)).toBe(false);
  });

  it('says staff closed the table, that the entry is back and the balance now', () => {
    expect(closedTableNotice('Mesa Oro', event)).toEqual({
      title: 'El personal cerró la mesa «Mesa Oro»',
      message:
        'La mesa fue cerrada. Te devolvimos la entrada. Tu saldo ahora es Bs.\u00a01.250,50.',
    });
  });

  it('still says it without the push, pointing at the balance instead of an amount', () => {
    expect(closedTableNotice('  ', null)).toEqual({
      title: 'El personal cerró la mesa',
      message: 'La mesa fue cerrada. Te devolvimos la entrada. Revisa tu saldo.',
    });
  });

  it('says a private table was cancelled by its host or expired, not closed by staff', () => {
    const cancelled = { ...event, message: MSG_PRIVATE.cancelledRefunded };
    expect(closedTableNotice('Mesa de Ana', cancelled)).toEqual({
      title: 'Se canceló la mesa privada «Mesa de Ana»',
      message: `${MSG_PRIVATE.cancelledRefunded} Tu saldo ahora es Bs.\u00a01.250,50.`,
    });
    const expired = { ...event, message: MSG_PRIVATE.expiredRefunded };
    expect(closedTableNotice(null, expired).title).toBe('Venció la mesa privada');
    const lapsed = { ...event, message: MSG_TABLES.rematchLapsed };
    expect(closedTableNotice('Mesa de Ana', lapsed).title).toBe('No hubo revancha «Mesa de Ana»');
    expect(closedTableNotice('Mesa de Ana', null, true)).toEqual({
      title: 'Se cerró la mesa privada «Mesa de Ana»',
      message: `${MSG_PRIVATE.closed} Si pagaste una entrada, te la devolvimos. Revisa tu saldo.`,
    });
  });

  it('infers a close only for a player the room saw seated', () => {
    expect(closedUnderSeatedPlayer({ wasSeated: true, notFound: true, status: 'open' })).toBe(true);
    expect(closedUnderSeatedPlayer({ wasSeated: true, notFound: false, status: 'closed' })).toBe(
      true,
    );
    expect(closedUnderSeatedPlayer({ wasSeated: true, notFound: false, status: 'open' })).toBe(
      false,
    );
    expect(closedUnderSeatedPlayer({ wasSeated: false, notFound: true, status: 'closed' })).toBe(
      false,
    );
  });
});
