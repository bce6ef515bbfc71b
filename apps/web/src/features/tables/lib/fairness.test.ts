import { describe, expect, it } from 'vitest';
import { MSG_FAIRNESS } from '@domino/contracts';
import { ApiError } from '../../../lib/api';
import { checkClientSeed, seedSaveError, seenCommitment } from './fairness';

const C1 = '1'.repeat(64);
const C2 = '2'.repeat(64);

describe('the commitment the waiting room keeps as seen before the start', () => {
  it('keeps the first one shown while the table waits, even if a later snapshot differs', () => {
    let seen = seenCommitment(null, { commitment: null, game_id: null }, false);
    expect(seen).toBeNull();
    seen = seenCommitment(seen, { commitment: C1, game_id: null }, false);
    seen = seenCommitment(seen, { commitment: C1, game_id: null }, true);
    seen = seenCommitment(seen, { commitment: C2, game_id: 'g' }, true);
    expect(seen).toBe(C1);
  });

  it("forgets another match's commitment, and takes the match's own when opened late", () => {
    expect(seenCommitment(C1, { commitment: C1, game_id: 'g' }, false)).toBeNull();
    expect(seenCommitment(null, { commitment: C2, game_id: 'g' }, true)).toBe(C2);
  });
});

describe('a client seed typed in the waiting room', () => {
  it('is trimmed and checked with the server rule, one Spanish message per problem', () => {
    expect(checkClientSeed('  mi-Semilla_1 ')).toEqual({ ok: true, seed: 'mi-Semilla_1' });
    expect(checkClientSeed('   ')).toEqual({ ok: false, error: MSG_FAIRNESS.seedRequired });
    expect(checkClientSeed('ñandú')).toEqual({ ok: false, error: MSG_FAIRNESS.seedChars });
    expect(checkClientSeed('con espacio')).toEqual({ ok: false, error: MSG_FAIRNESS.seedChars });
    expect(checkClientSeed('x'.repeat(65))).toEqual({ ok: false, error: MSG_FAIRNESS.seedLength });
  });

  it("shows the server's field error, else its message, else the fallback", () => {
    const field = new ApiError(
      422,
      { message: 'Corrige', errors: { client_seed: [MSG_FAIRNESS.seedChars] } },
      'Corrige',
    );
    expect(seedSaveError(field, 'x')).toBe(MSG_FAIRNESS.seedChars);
    const locked = new ApiError(
      409,
      { message: MSG_FAIRNESS.seedLocked, code: 'tables/seed_locked' },
      MSG_FAIRNESS.seedLocked,
    );
    expect(seedSaveError(locked, 'x')).toBe(MSG_FAIRNESS.seedLocked);
    expect(seedSaveError(new Error('boom'), 'Algo falló')).toBe('Algo falló');
  });
});
