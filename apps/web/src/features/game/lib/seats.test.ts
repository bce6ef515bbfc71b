import { describe, expect, it } from 'vitest';
import {
  handEndingLabel,
  initials,
  practiceDifficulty,
  seatAt,
  seatName,
  sideLabel,
} from './seats';
import { makeView } from './test-support';

describe('seats around the table', () => {
  it('puts the next player on my right, my partner on top and the previous on my left', () => {
    expect(seatAt(0, 'bottom')).toBe(0);
    expect(seatAt(0, 'right')).toBe(1);
    expect(seatAt(0, 'top')).toBe(2);
    expect(seatAt(0, 'left')).toBe(3);
    expect(seatAt(3, 'right')).toBe(0);
  });

  it("calls my pair 'Nosotros' and the other 'Ellos'", () => {
    expect(sideLabel(0, 0)).toBe('Nosotros');
    expect(sideLabel(1, 0)).toBe('Ellos');
    expect(sideLabel(1, 3)).toBe('Nosotros');
  });

  it("names me 'Tú' and the others by their seat name", () => {
    const view = makeView();
    expect(seatName(view, 0)).toBe('Tú');
    expect(seatName(view, 2)).toBe('CPU 2');
    expect(initials('Compañero CPU')).toBe('CC');
    expect(initials('ana')).toBe('AN');
  });

  it('replays a practice game at the CPU level of its bots', () => {
    const view = makeView();
    expect(practiceDifficulty(view)).toBe('medio');
    expect(
      practiceDifficulty({
        seats: view.seats.map((s) => (s.is_bot ? { ...s, bot_level: 'dificil' as const } : s)),
      }),
    ).toBe('dificil');
  });

  it('labels how a hand ended', () => {
    expect(handEndingLabel({ ending: 'domino', voided: false })).toBe('Dominó');
    expect(handEndingLabel({ ending: 'tranque', voided: false })).toBe('Tranque');
    expect(handEndingLabel({ ending: 'tranque', voided: true })).toBe('Mano anulada (empate)');
  });
});
