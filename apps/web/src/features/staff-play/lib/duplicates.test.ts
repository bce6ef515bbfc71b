import { describe, expect, it } from 'vitest';
import { MSG_DUPLICATE } from '@domino/contracts';
import {
  DUPLICATE_FORM_MSG,
  defaultDuplicateForm,
  playerField,
  validateDuplicateForm,
  type DuplicateFormValues,
} from './duplicates';

/** A complete form: eight different players, "@" and spaces as staff might type them. */
function filled(): DuplicateFormValues {
  const v = defaultDuplicateForm();
  v.name = 'Duplicado del viernes';
  v.players = {
    x: [
      ['@ana', ' beto '],
      ['carla', 'dani'],
    ],
    y: [
      ['eli', 'fer'],
      ['gabo', '@hugo'],
    ],
  };
  return v;
}

describe('the staff duplicate set form', () => {
  it('builds the request: usernames without "@" or spaces, each pair at its table, hands as a number', () => {
    const checked = validateDuplicateForm(filled());
    expect(checked).toEqual({
      ok: true,
      input: {
        name: 'Duplicado del viernes',
        boards: 8,
        teams: {
          x: [
            ['ana', 'beto'],
            ['carla', 'dani'],
          ],
          y: [
            ['eli', 'fer'],
            ['gabo', 'hugo'],
          ],
        },
      },
    });
  });

  it('names every empty field and every repeated player, whatever the case', () => {
    const v = filled();
    v.players.x[1][0] = '';
    v.players.y[1][1] = '@ANA';
    const checked = validateDuplicateForm(v);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors[playerField('x', 1, 0)]).toBe(DUPLICATE_FORM_MSG.usernameRequired);
    expect(checked.errors[playerField('y', 1, 1)]).toBe(DUPLICATE_FORM_MSG.repeated);
    expect(checked.errors[playerField('x', 0, 0)]).toBeUndefined();
  });

  it('refuses a missing name and hands outside 1 to 32 in Spanish', () => {
    for (const [boards, message] of [
      ['0', MSG_DUPLICATE.boardsRange],
      ['33', MSG_DUPLICATE.boardsRange],
      ['ocho', DUPLICATE_FORM_MSG.boardsWhole],
      ['2.5', DUPLICATE_FORM_MSG.boardsWhole],
    ] as const) {
      const v = filled();
      v.name = '  ';
      v.boards = boards;
      const checked = validateDuplicateForm(v);
      expect(checked.ok).toBe(false);
      if (checked.ok) continue;
      expect(checked.errors.boards).toBe(message);
      expect(checked.errors.name).toBe(MSG_DUPLICATE.nameRequired);
    }
  });
});
