import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, MSG_TABLES, withRule, type TableDetail } from '@domino/contracts';
import {
  DEFAULT_FORM,
  TABLE_FORM_MSG,
  bpsToPercentText,
  changedFields,
  closeConfirmText,
  closeMode,
  closedToast,
  formFromTable,
  imageProblem,
  isTermsLocked,
  percentTextToBps,
  priceTextToBolivares,
  termsLockNotice,
  validateTableForm,
} from './tables';

const table: TableDetail = {
  id: 3,
  name: 'Mesa Oro',
  image: null,
  status: 'open',
  current_players: 0,
  max_players: 4,
  entry_price: 250.5,
  users: [],
  mode: 'parejas',
  target_points: 150,
  turn_seconds: 20,
  rules: { ...DEFAULT_RULES, target_points: 150 },
  house_fee_bps: 850,
  pot_share_bps: 200,
  seats: [],
  game_id: null,
  starts_at: null,
  commitment: null,
  private: null,
  rematch: null,
};

describe('the staff table form', () => {
  it('shows fees as percentages and sends basis points', () => {
    expect(bpsToPercentText(800)).toBe('8');
    expect(bpsToPercentText(850)).toBe('8,5');
    expect(bpsToPercentText(125)).toBe('1,25');
    expect(percentTextToBps('8')).toBe(800);
    expect(percentTextToBps('8,5')).toBe(850);
    expect(percentTextToBps('1.25')).toBe(125);
    expect(percentTextToBps('8,555')).toBeNull();
    expect(percentTextToBps('-1')).toBeNull();
  });

  it('reads prices with a decimal comma', () => {
    expect(priceTextToBolivares('100')).toBe(100);
    expect(priceTextToBolivares('100,50')).toBe(100.5);
    expect(priceTextToBolivares('1e3')).toBeNull();
    expect(priceTextToBolivares('10,555')).toBeNull();
  });

  it('builds the request body of a valid form', () => {
    const r = validateTableForm({ ...DEFAULT_FORM, name: ' Mesa Nueva ', entry_price: '120,5' });
    expect(r).toEqual({
      ok: true,
      input: {
        name: ' Mesa Nueva ',
        entry_price: 120.5,
        house_fee_bps: 800,
        pot_share_bps: 200,
        rules: DEFAULT_RULES,
      },
    });
  });

  it('uses the contracts messages for the name, the price and the mode', () => {
    const r = validateTableForm({
      ...DEFAULT_FORM,
      name: 'ab',
      entry_price: '0',
      rules: { ...DEFAULT_RULES, mode: 'individual' },
      house_fee_pct: '40',
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toBe('El nombre debe tener al menos 3 caracteres');
    expect(r.errors.entry_price).toBe('El precio de entrada debe ser mayor que cero');
    expect(r.errors.players).toBe('El modo individual es para 2 o 3 jugadores');
    expect(r.errors.house_fee_bps).toBe(TABLE_FORM_MSG.percentInvalid);
  });

  it('asks for a price when it is empty', () => {
    const r = validateTableForm({ ...DEFAULT_FORM, name: 'Mesa', entry_price: ' ' });
    expect(!r.ok && r.errors.entry_price).toBe(TABLE_FORM_MSG.priceRequired);
  });

  it('round-trips an existing table and patches only what changed', () => {
    const form = formFromTable(table);
    expect(form.entry_price).toBe('250,5');
    expect(form.house_fee_pct).toBe('8,5');
    const r = validateTableForm({ ...form, rules: { ...form.rules, turn_seconds: 30 } });
    if (!r.ok) throw new Error('invalid');
    expect(changedFields(table, r.input)).toEqual({ rules: { turn_seconds: 30 } });
  });

  it('sends every rule option the staff member changed, consistent with the mode', () => {
    const form = formFromTable(table);
    const rules = withRule(withRule(form.rules, 'mode', 'individual'), 'capicua', true);
    const r = validateTableForm({ ...form, rules });
    if (!r.ok) throw new Error('invalid');
    expect(changedFields(table, r.input)).toEqual({
      rules: { mode: 'individual', players: 2, capicua: true },
    });
    const bad = validateTableForm({
      ...form,
      rules: { ...form.rules, tranque_lead: 'blocker' },
    });
    // A hidden option that does not apply is put back to its default, never sent as is.
    expect(bad.ok && bad.input.rules.tranque_lead).toBe('lowest_hand');
  });

  it('accepts PNG, JPG, JPEG and SVG images up to 5 MB', () => {
    expect(imageProblem({ name: 'mesa.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(imageProblem({ name: 'mesa.gif', type: 'image/gif', size: 1000 })).toBe(
      'Solo se permiten archivos PNG, JPG, JPEG y SVG',
    );
    expect(imageProblem({ name: 'mesa.jpg', type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe(
      'El archivo no puede ser mayor a 5MB',
    );
  });
});

describe('closing a table from the staff console', () => {
  const waiting: TableDetail = {
    ...table,
    entry_price: 10,
    current_players: 2,
    users: [
      { id: 4, name: 'Ana Pérez' },
      { id: 9, name: 'Luis Gómez' },
    ],
  };

  it('closes an empty table at once and refuses while a match runs', () => {
    expect(closeMode(table)).toEqual({ kind: 'direct' });
    expect(closeMode({ ...waiting, status: 'playing' })).toEqual({
      kind: 'blocked',
      reason: MSG_TABLES.closePlaying,
    });
  });

  it('asks first while players only wait', () => {
    expect(closeMode(waiting)).toEqual({ kind: 'confirm', waiting: 2 });
  });

  it('tells staff who waits and that each gets the entry back', () => {
    expect(closeConfirmText(waiting)).toEqual({
      summary: 'Hay 2 jugadores esperando en esta mesa: Ana Pérez, Luis Gómez.',
      refund:
        'Al cerrarla devolvemos a cada uno su entrada de Bs. 10,00 a su saldo y les avisamos.',
    });
    const one = closeConfirmText({ ...waiting, current_players: 1, users: [waiting.users[0]!] });
    expect(one.summary).toBe('Hay 1 jugador esperando en esta mesa: Ana Pérez.');
    expect(one.refund).toBe(
      'Al cerrarla le devolvemos su entrada de Bs. 10,00 a su saldo y le avisamos.',
    );
  });

  it('says so when the players left while the dialog was open', () => {
    expect(closeConfirmText({ ...waiting, current_players: 0, users: [] }).summary).toBe(
      'Ya no hay jugadores esperando en esta mesa.',
    );
  });

  it('confirms the refund in the toast only when someone waited', () => {
    expect(closedToast('Mesa Oro', false)).toBe('Mesa Oro: mesa cerrada');
    expect(closedToast('Mesa Oro', true)).toBe(
      'Mesa Oro: mesa cerrada. Devolvimos la entrada a quienes esperaban.',
    );
  });
});

describe('editing a table with players at it', () => {
  it('warns that only the name and the image can change', () => {
    expect(termsLockNotice(table)).toBeNull();
    expect(termsLockNotice({ ...table, current_players: 1 })).toMatch(
      /^Hay 1 jugador esperando: por ahora solo puedes cambiar el nombre y la imagen\./,
    );
    expect(termsLockNotice({ ...table, status: 'playing', current_players: 4 })).toMatch(
      /partida en curso/,
    );
  });

  it('recognises the server refusals for players waiting and a match running', () => {
    expect(isTermsLocked('tables/players_waiting')).toBe(true);
    expect(isTermsLocked('tables/playing')).toBe(true);
    expect(isTermsLocked('validation/failed')).toBe(false);
    expect(isTermsLocked(undefined)).toBe(false);
  });
});
