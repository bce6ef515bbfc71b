import { describe, expect, it } from 'vitest';
import { MSG_TOURNAMENTS } from '@domino/contracts';
import {
  caracasLocal,
  caracasToIso,
  defaultTournamentForm,
  placesForFormat,
  playersPerEntrant,
  prizePreview,
  prizeSumBps,
  rulesForFormat,
  validateTournamentForm,
} from './tournaments';

const NOW = Date.parse('2026-11-25T21:40:00Z');

describe('the staff tournament form', () => {
  it('types the start in Caracas time (UTC−4) and sends it with its offset', () => {
    expect(caracasLocal(Date.parse('2026-11-25T22:00:00Z'))).toBe('2026-11-25T18:00');
    expect(caracasToIso('2026-11-25T18:00')).toBe('2026-11-25T18:00:00-04:00');
    expect(Date.parse(caracasToIso('2026-11-25T18:00')!)).toBe(Date.parse('2026-11-25T22:00:00Z'));
    expect(caracasToIso('25/11/2026 18:00')).toBeNull();
  });

  it('starts from valid values an hour ahead, on a quarter hour', () => {
    const v = { ...defaultTournamentForm(NOW), name: 'Copa Navidad' };
    expect(v.starts_at).toBe('2026-11-25T18:45');
    const checked = validateTournamentForm(v, NOW);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.input).toMatchObject({
      name: 'Copa Navidad',
      starts_at: '2026-11-25T18:45:00-04:00',
      entry_fee: 10,
      house_fee_bps: 1000,
      format: 'single_elimination',
      capacity: 16,
      min_entrants: 4,
      prize_split_bps: [7000, 3000],
      swiss_rounds: null,
    });
    expect(checked.input.rules.mode).toBe('parejas');
  });

  it('refuses a start in the past, a split that is not 100 % and fewer places than the minimum', () => {
    const base = { ...defaultTournamentForm(NOW), name: 'Copa' };
    const past = validateTournamentForm({ ...base, starts_at: caracasLocal(NOW - 60_000) }, NOW);
    expect(past.ok ? null : past.errors.starts_at).toBe(MSG_TOURNAMENTS.startInPast);
    const split = validateTournamentForm({ ...base, prizes: ['70', '20'] }, NOW);
    expect(split.ok ? null : split.errors.prize_split_bps).toBe(MSG_TOURNAMENTS.prizeSplitSum);
    const small = validateTournamentForm({ ...base, capacity: '3' }, NOW);
    expect(small.ok ? null : small.errors.capacity).toBe(MSG_TOURNAMENTS.capacityBelowMinimum);
    const bad = validateTournamentForm({ ...base, entry_fee: '10,555', house_fee_pct: '60' }, NOW);
    expect(bad.ok ? {} : bad.errors).toMatchObject({
      entry_fee: expect.stringContaining('precio'),
      house_fee_bps: expect.stringContaining('porcentaje'),
    });
  });

  it('counts the places and the minimum in one unit: pairs in parejas, players in Swiss', () => {
    const base = { ...defaultTournamentForm(NOW), name: 'Copa' };
    // The default: 8 pairs (16 players), at least 4 pairs.
    expect([base.capacity, base.min_entrants]).toEqual(['8', '4']);
    // As many places as the minimum is enough, in either format.
    const even = validateTournamentForm({ ...base, capacity: '4', min_entrants: '4' }, NOW);
    expect(even.ok && [even.input.capacity, even.input.min_entrants]).toEqual([8, 4]);
    const swiss = {
      ...base,
      format: 'swiss' as const,
      rules: rulesForFormat(base.rules, 'swiss'),
      capacity: placesForFormat(base.capacity, 'single_elimination', 'swiss'),
    };
    expect(swiss.capacity).toBe('16');
    const checked = validateTournamentForm(swiss, NOW);
    expect(checked.ok && checked.input.capacity).toBe(16);
    expect(placesForFormat('16', 'swiss', 'single_elimination')).toBe('8');
    expect(placesForFormat('9', 'swiss', 'single_elimination')).toBe('4');
    expect(placesForFormat('x', 'swiss', 'single_elimination')).toBe('x');
    expect(playersPerEntrant('single_elimination')).toBe(2);
  });

  it('moves the rules to what the format allows', () => {
    const base = defaultTournamentForm(NOW);
    const swiss = rulesForFormat(base.rules, 'swiss');
    expect([swiss.mode, swiss.players]).toEqual(['individual', 2]);
    const checked = validateTournamentForm(
      { ...base, name: 'Suizo', format: 'swiss', rules: swiss, capacity: '9', swiss_rounds: '3' },
      NOW,
    );
    expect(checked.ok && checked.input.swiss_rounds).toBe(3);
    expect(rulesForFormat(swiss, 'single_elimination').mode).toBe('parejas');
  });

  it('sends a duplicate tournament in pairs, the lead rotating, with its hands per set', () => {
    const base = { ...defaultTournamentForm(NOW), name: 'Duplicado' };
    const rules = rulesForFormat({ ...base.rules, lead_rule: 'winner' }, 'duplicate');
    expect([rules.mode, rules.lead_rule]).toEqual(['parejas', 'rotate']);
    const v = { ...base, format: 'duplicate' as const, rules, boards: '12' };
    const checked = validateTournamentForm(v, NOW);
    expect(checked.ok && checked.input).toMatchObject({
      format: 'duplicate',
      boards: 12,
      capacity: 16,
      swiss_rounds: null,
    });
    // Spanish refusals: hands out of range or not a number, fewer than four pairs.
    for (const boards of ['1', '33', 'ocho']) {
      const bad = validateTournamentForm({ ...v, boards }, NOW);
      expect(bad.ok ? null : bad.errors.boards).toBe(MSG_TOURNAMENTS.duplicateBoards);
    }
    const few = validateTournamentForm({ ...v, min_entrants: '3', prizes: ['100'] }, NOW);
    expect(few.ok ? null : few.errors.min_entrants).toBe(MSG_TOURNAMENTS.duplicateMinimum);
    // The other formats send no hands.
    const knockout = validateTournamentForm({ ...base, boards: '12' }, NOW);
    expect(knockout.ok && knockout.input.boards).toBeNull();
    expect(playersPerEntrant('duplicate')).toBe(2);
  });

  it('sends a free tournament with no entry, no fee and one formal place', () => {
    const v = { ...defaultTournamentForm(NOW), name: 'Gratis', free: true, prizes: ['1'] };
    const checked = validateTournamentForm(v, NOW);
    expect(checked.ok && checked.input).toMatchObject({
      entry_fee: 0,
      house_fee_bps: 0,
      prize_split_bps: [10_000],
    });
  });

  it('previews the prizes with every place taken, the odd céntimos to the 1st', () => {
    expect(prizeSumBps(['70', '30'])).toBe(10_000);
    expect(prizeSumBps(['70', 'x'])).toBeNull();
    // 8 × Bs. 12,34 = 98,72; 10 % = 9,87 (floor); 88,85 → 62,195 → 62,19 and 26,655 → 26,65;
    // the céntimo left over goes to the 1st.
    const p = prizePreview(8, 1234, 1000, [7000, 3000]);
    expect(p).toEqual({ poolCents: 9872, feeCents: 987, prizesCents: [6220, 2665] });
    expect(p.feeCents + p.prizesCents[0]! + p.prizesCents[1]!).toBe(p.poolCents);
  });
});
