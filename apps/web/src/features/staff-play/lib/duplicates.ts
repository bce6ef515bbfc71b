import {
  DUPLICATE_DEFAULT_BOARDS,
  createDuplicateRequestSchema,
  type CreateDuplicateRequest,
} from '@domino/contracts';

/**
 * The staff form that opens a duplicate set (docs/decisions/062-duplicate-domino.md): a name, the
 * hands per table and the eight players by username, as two teams of two pairs. Team A's first
 * pair sits at seats 0/2 of table 1 and its second pair at seats 1/3 of table 2; team B the
 * other way round (the contracts' `createDuplicateRequestSchema`).
 */

/** Which pair a username field belongs to: team, then the table the pair plays at (0 or 1). */
export type DuplicatePairSlot = { team: 'x' | 'y'; table: 0 | 1 };

/** The four pairs in the order the form shows them. */
export const DUPLICATE_PAIR_SLOTS: readonly DuplicatePairSlot[] = [
  { team: 'x', table: 0 },
  { team: 'x', table: 1 },
  { team: 'y', table: 0 },
  { team: 'y', table: 1 },
];

/** What the form holds: texts as typed. `players[team][table]` is a pair's two usernames. */
export interface DuplicateFormValues {
  name: string;
  boards: string;
  players: Record<'x' | 'y', [[string, string], [string, string]]>;
}

/** Field names the form shows errors under (`player-x-0-1` = team A, table 1's pair, 2nd player). */
export type DuplicateFormErrors = Partial<Record<string, string>>;

/** The field name of one username input. */
export function playerField(team: 'x' | 'y', table: 0 | 1, index: 0 | 1): string {
  return `player-${team}-${table}-${index}`;
}

/** An empty form with the default number of hands. */
export function defaultDuplicateForm(): DuplicateFormValues {
  return {
    name: '',
    boards: String(DUPLICATE_DEFAULT_BOARDS),
    players: {
      x: [
        ['', ''],
        ['', ''],
      ],
      y: [
        ['', ''],
        ['', ''],
      ],
    },
  };
}

/** A username as typed, without spaces around it or a leading "@". */
function username(text: string): string {
  return text.trim().replace(/^@+/, '');
}

export const DUPLICATE_FORM_MSG = {
  boardsWhole: 'Escribe un número entero de manos.',
  usernameRequired: 'Escribe el usuario del jugador.',
  repeated: 'Este jugador ya está en otra casilla.',
} as const;

/**
 * Checks the form and builds the request body (usernames without "@", hands as a number). Each
 * field's error is the first Spanish message found for it: empty or repeated usernames here, the
 * rest from the contracts' schema (name, hands from 1 to 32). The server still checks that every
 * player exists, is active and is free to play (its refusal names the player).
 */
export function validateDuplicateForm(
  v: DuplicateFormValues,
): { ok: true; input: CreateDuplicateRequest } | { ok: false; errors: DuplicateFormErrors } {
  const errors: DuplicateFormErrors = {};
  const seen = new Map<string, string>();
  for (const { team, table } of DUPLICATE_PAIR_SLOTS) {
    for (const index of [0, 1] as const) {
      const field = playerField(team, table, index);
      const name = username(v.players[team][table][index]);
      if (!name) errors[field] = DUPLICATE_FORM_MSG.usernameRequired;
      else if (seen.has(name.toLowerCase())) errors[field] = DUPLICATE_FORM_MSG.repeated;
      else seen.set(name.toLowerCase(), field);
    }
  }
  const boardsText = v.boards.trim();
  const boards = /^\d+$/.test(boardsText) ? Number(boardsText) : null;
  if (boards === null) errors.boards = DUPLICATE_FORM_MSG.boardsWhole;
  const pair = (team: 'x' | 'y', table: 0 | 1): [string, string] => [
    username(v.players[team][table][0]),
    username(v.players[team][table][1]),
  ];
  const result = createDuplicateRequestSchema.safeParse({
    name: v.name,
    boards: boards ?? 0,
    teams: { x: [pair('x', 0), pair('x', 1)], y: [pair('y', 0), pair('y', 1)] },
  });
  for (const issue of result.error?.issues ?? []) {
    const [first, team, table, index] = issue.path;
    const field =
      first === 'teams'
        ? playerField(team as 'x' | 'y', table as 0 | 1, index as 0 | 1)
        : String(first ?? 'name');
    if (!errors[field]) errors[field] = issue.message;
  }
  if (Object.keys(errors).length > 0 || !result.success) return { ok: false, errors };
  return { ok: true, input: result.data };
}
