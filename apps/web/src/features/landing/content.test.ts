import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEES,
  DEFAULT_POT_SPLIT,
  FAQ,
  prizeExample,
  REASONS,
  SLIDES,
  STEPS,
  TESTIMONIALS,
} from './content';

describe('landing content', () => {
  it('has the counts of docs/product.md §1 and §9: 8 questions, 3 steps, 4 slides, 3 testimonials', () => {
    expect(FAQ).toHaveLength(8);
    expect(STEPS.map((s) => s.title)).toEqual([
      'Regístrate',
      'Completa tu perfil',
      'Elige tu mesa',
    ]);
    expect(SLIDES).toHaveLength(4);
    expect(TESTIMONIALS).toHaveLength(3);
  });

  it('works the fee example out like the settlement: Bs. 1.000 entries pay Bs. 1.800 per winner', () => {
    expect(prizeExample(100_000)).toEqual({
      potCents: 400_000,
      houseCents: 32_000,
      shareCents: 8_000,
      prizeCents: 180_000,
    });
    const fees = FAQ.find((f) => f.q === '¿Cuánto cobra la plataforma?')!.a;
    expect(fees).toContain('Bs. 1.800,00');
    expect(fees).toContain('8%');
  });

  it('states the real minimums in the FAQ', () => {
    const all = FAQ.map((f) => f.a).join(' ');
    expect(all).toContain('Bs. 250,00');
    expect(all).toContain('Bs. 500,00');
    expect(all).toContain('a 100');
  });

  it('states the pot share and split as defaults staff can change, pointing to /pote', () => {
    const card = REASONS.find((r) => r.key === 'pot')!.text;
    const faq = FAQ.find((f) => f.q === '¿Qué es el Pote del Mes?')!.a;
    const share = `${DEFAULT_FEES.potPct}%`;
    for (const text of [card, faq]) {
      // Every mention of the table's pot share is qualified: tables may set their own.
      expect(text.split(share).length - 1, text).toBe(
        text.split(`por defecto el ${share}`).length - 1,
      );
      expect(text).toContain(`por defecto el ${share}`);
      // The split in force is the one published on /pote, not a fixed top three.
      expect(text).toContain('según el reparto publicado en Pote - Estadísticas');
      expect(text).not.toMatch(/tres jugadores|los tres/);
    }
    expect(DEFAULT_POT_SPLIT).toBe('50% al primer lugar, 30% al segundo y 20% al tercero');
    expect(faq).toContain(`por defecto, ${DEFAULT_POT_SPLIT}.`);
  });
});
