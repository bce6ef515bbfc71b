import { describe, expect, it } from 'vitest';
import { MSG_POT } from '@domino/contracts';
import {
  bpsToInput,
  bpsToPercent,
  draftTotalBps,
  caracasDay,
  markPotModalSeen,
  myStanding,
  parseSharesDraft,
  parseTopUpAmount,
  percentToBps,
  potModalSeen,
  shouldOpenPotModal,
  timeLeft,
  timeLeftSummary,
  topUpReasonProblem,
} from './pot';

function memoryStore() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('the pot modal rule (docs/product.md §4, decision 050)', () => {
  const base = {
    delayPassed: true,
    hasPot: true,
    amountCents: 250_050,
    seen: null,
    today: '2026-11-29',
  };

  it('opens after the delay when a pot exists and it was not closed today with this amount', () => {
    expect(shouldOpenPotModal(base)).toBe(true);
    expect(shouldOpenPotModal({ ...base, delayPassed: false })).toBe(false);
    expect(shouldOpenPotModal({ ...base, hasPot: false })).toBe(false);
    expect(shouldOpenPotModal({ ...base, hasPot: undefined })).toBe(false);
    expect(shouldOpenPotModal({ ...base, amountCents: undefined })).toBe(false);
  });

  it('stays closed the rest of the day, opens the next day or when the pot changes', () => {
    const seen = { day: '2026-11-29', amountCents: 250_050 };
    expect(shouldOpenPotModal({ ...base, seen })).toBe(false);
    expect(shouldOpenPotModal({ ...base, seen, today: '2026-11-30' })).toBe(true);
    expect(shouldOpenPotModal({ ...base, seen, amountCents: 260_000 })).toBe(true);
  });

  it('remembers the day and the pot it was closed on', () => {
    const store = memoryStore();
    expect(potModalSeen(store)).toBeNull();
    markPotModalSeen({ day: '2026-11-29', amountCents: 250_050 }, store);
    expect(potModalSeen(store)).toEqual({ day: '2026-11-29', amountCents: 250_050 });
    store.setItem('pot_modal_seen', '1');
    expect(potModalSeen(store)).toBeNull();
  });

  it('treats an unavailable store as not seen and never throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(potModalSeen(broken)).toBeNull();
    expect(() => markPotModalSeen({ day: '2026-11-29', amountCents: 1 }, broken)).not.toThrow();
    expect(potModalSeen(null)).toBeNull();
  });

  it('counts days in Caracas', () => {
    // 03:30 UTC on the 30th is still the 29th in Caracas (UTC-4).
    expect(caracasDay(new Date('2026-11-30T03:30:00Z'))).toBe('2026-11-29');
    expect(caracasDay(new Date('2026-11-30T04:30:00Z'))).toBe('2026-11-30');
  });
});

describe('time left until the month closes', () => {
  it('splits the remaining time into days, hours, minutes and seconds', () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0);
    const end = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(timeLeft(end, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, over: false });
    expect(timeLeftSummary(timeLeft(end, now))).toBe('2 días y 3 h');
    expect(timeLeftSummary(timeLeft(now + 86_400_000, now))).toBe('1 día y 0 h');
    expect(timeLeftSummary(timeLeft(now + 3_660_000, now))).toBe('1 h y 1 min');
    expect(timeLeftSummary(timeLeft(now + 30_000, now))).toBe('Menos de un minuto');
  });

  it('never goes negative after the end', () => {
    expect(timeLeft(1000, 5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, over: true });
    expect(timeLeftSummary(timeLeft(1000, 5000))).toBe('Mes cerrado');
  });
});

describe('shares as percentages', () => {
  it('shows basis points as es-VE percentages', () => {
    expect(bpsToPercent(5000)).toBe('50 %');
    expect(bpsToPercent(3333)).toBe('33,33 %');
    expect(bpsToPercent(1250)).toBe('12,5 %');
    expect(bpsToPercent(10_000)).toBe('100 %');
    expect(bpsToInput(3350)).toBe('33,5');
  });

  it('reads what staff type into basis points', () => {
    expect(percentToBps('50')).toBe(5000);
    expect(percentToBps('33,33')).toBe(3333);
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps(' 20 ')).toBe(2000);
    for (const bad of ['', '0', '-5', '1,234', '101', 'abc', '5e1'])
      expect(percentToBps(bad), bad).toBeNull();
  });

  it('accepts 1 to 10 positions summing to exactly 100 %', () => {
    expect(parseSharesDraft(['50', '30', '20'])).toEqual({ bps: [5000, 3000, 2000] });
    expect(parseSharesDraft(['33,34', '33,33', '33,33'])).toEqual({ bps: [3334, 3333, 3333] });
    expect(parseSharesDraft(['100'])).toEqual({ bps: [10_000] });
    expect(parseSharesDraft(['50', '30'])).toEqual({ error: MSG_POT.sharesSum });
    expect(parseSharesDraft(['50', ''])).toEqual({ error: MSG_POT.sharesPositive });
    expect(parseSharesDraft([])).toEqual({ error: MSG_POT.sharesRequired });
    expect(parseSharesDraft(Array(11).fill('9'))).toEqual({ error: MSG_POT.sharesTooMany });
    expect(draftTotalBps(['50', '30', 'x'])).toBe(8000);
  });
});

describe('top-ups', () => {
  it('parses bolívares typed with a comma or a point into céntimos', () => {
    expect(parseTopUpAmount('1500')).toEqual({ cents: 150_000 });
    expect(parseTopUpAmount('1500,5')).toEqual({ cents: 150_050 });
    expect(parseTopUpAmount('0.01')).toEqual({ cents: 1 });
    for (const bad of ['', '0', '-10', '1.234,56', '1,234', 'diez'])
      expect(parseTopUpAmount(bad), bad).toEqual({ error: MSG_POT.topUpAmountInvalid });
  });

  it('requires a reason of at least 3 characters', () => {
    expect(topUpReasonProblem('  ')).toBe('Indica el motivo');
    expect(topUpReasonProblem('Aporte de aniversario')).toBeNull();
  });
});

describe('my standing on /pote', () => {
  const ranking = [{ position: 1 }, { position: 2 }];
  it('says whether my row is listed, outside the list, or I am not ranked', () => {
    expect(myStanding(ranking, { position: 2 })).toBe('listed');
    expect(myStanding(ranking, { position: 57 })).toBe('outside');
    expect(myStanding(ranking, { position: null })).toBe('unranked');
    expect(myStanding([], { position: null })).toBe('unranked');
  });
});
