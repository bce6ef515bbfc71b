import { describe, expect, it } from 'vitest';
import { MSG_PRIVATE } from '@domino/contracts';
import { formFromOptions, settingsFromForm } from './private-settings';

const server = {
  entry_prices: [0, 100, 500.5],
  allowed_rules: { target_points: [100, 150] },
  expiry_minutes: 30,
  house_fee_bps: 800,
  pot_share_bps: 250,
};

describe('private table settings form', () => {
  it('round-trips the server settings, sending fully allowed rules as absent', () => {
    const form = formFromOptions(server);
    expect(form.prices).toEqual(['0', '100', '500,5']);
    expect(form.pot_share_pct).toBe('2,5');
    expect(form.allowed.target_points).toEqual(['100', '150']);
    expect(form.allowed.mode).toEqual(['parejas', 'individual']);
    expect(settingsFromForm(form)).toEqual({ ok: true, body: server });
  });

  it('refuses bad prices, an empty list, a rule with nothing allowed and bad percents', () => {
    const form = formFromOptions(server);
    const bad = settingsFromForm({
      ...form,
      prices: ['diez'],
      house_fee_pct: 'x',
      allowed: { ...form.allowed, capicua: [] },
    });
    expect(bad).toMatchObject({
      ok: false,
      errors: {
        prices: 'Escribe cada precio como 100 o 100,50',
        house_fee_bps: 'Escribe un porcentaje como 8 o 8,5',
        capicua: 'Capicúa: permite al menos una opción.',
      },
    });
    expect(settingsFromForm({ ...form, prices: [] })).toMatchObject({
      ok: false,
      errors: { prices: MSG_PRIVATE.pricesRequired },
    });
    expect(settingsFromForm({ ...form, prices: ['100', '100,00'] })).toMatchObject({
      ok: false,
      errors: { prices: MSG_PRIVATE.pricesDistinct },
    });
  });
});
