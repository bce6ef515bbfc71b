import { describe, expect, it } from 'vitest';
import { MSG, MSG_TABLES } from '@domino/contracts';
import { ApiError } from './api';
import { checkJoin, joinErrorText, joinTerms, type JoinTable } from './join';

describe('the shared join rules', () => {
  it('sends visitors to log in and stops a balance below the entry before any call', () => {
    expect(checkJoin(null, 100)).toEqual({ kind: 'login' });
    expect(checkJoin({ balance: 99.99 }, 100)).toEqual({ kind: 'insufficient' });
    expect(checkJoin({ balance: 100 }, 100)).toEqual({ kind: 'ok' });
    expect(checkJoin({ balance: 0.3 }, 0.1 + 0.2)).toEqual({ kind: 'ok' });
  });

  it('shows the server message, else the generic join error', () => {
    const conflict = new ApiError(409, { message: MSG_TABLES.full, code: 'table/full' }, 'x');
    expect(joinErrorText(conflict)).toBe(MSG_TABLES.full);
    expect(joinErrorText(new ApiError(500, '<html>', 'Error del servidor: 500'))).toBe(
      MSG.joinError,
    );
    expect(joinErrorText(new Error('boom'))).toBe(MSG.joinError);
    expect(joinErrorText(new ApiError(0, null, MSG.networkError))).toBe(MSG.networkError);
  });
});

describe('the terms shown before paying an entry', () => {
  const table = (overrides: Partial<JoinTable> = {}): JoinTable => ({
    id: 1,
    name: 'Mesa Principiantes',
    entry_price: 500,
    max_players: 4,
    mode: 'parejas',
    target_points: 100,
    house_fee_bps: 800,
    pot_share_bps: 200,
    ...overrides,
  });

  it('shows the entry, the house fee, the pot share, the prize and the balance after', () => {
    expect(joinTerms(table(), 1200)).toEqual({
      entryCents: 50_000,
      potCents: 200_000,
      houseFeeBps: 800,
      houseFeeCents: 16_000,
      potShareBps: 200,
      potShareCents: 4_000,
      winners: 2,
      prizePerWinnerCents: 90_000,
      prizeTotalCents: 180_000,
      balanceCents: 120_000,
      balanceAfterCents: 70_000,
      affordable: true,
    });
  });

  it('promises exactly what settlement pays, to the céntimo', () => {
    // Bs. 3,04 × 4 = 1216; fee 97, pot share 24; 1095 left: 547 each, 1 céntimo to the house.
    const t = joinTerms(table({ entry_price: 3.04 }), 3.04);
    expect([t.potCents, t.houseFeeCents, t.potShareCents]).toEqual([1216, 97, 24]);
    expect(t.prizePerWinnerCents).toBe(547);
    expect(t.prizeTotalCents).toBe(1094);
    expect(t.balanceAfterCents).toBe(0);
    expect(t.affordable).toBe(true);
  });

  it('gives the whole prize to one winner in individual mode', () => {
    const t = joinTerms(table({ mode: 'individual', max_players: 3, entry_price: 50.5 }), 0);
    expect(t.potCents).toBe(15_150);
    expect(t.winners).toBe(1);
    expect(t.prizePerWinnerCents).toBe(13_635);
    expect(t.prizeTotalCents).toBe(13_635);
  });

  it('says when the balance does not reach the entry', () => {
    const t = joinTerms(table(), 499.99);
    expect(t.affordable).toBe(false);
    expect(t.balanceAfterCents).toBe(-1);
  });
});
