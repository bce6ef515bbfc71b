import { describe, expect, it } from 'vitest';
import { MSG_PLACE } from '@domino/contracts';
import { ApiError } from './api';
import { elsewhereRefusal } from './place';

describe('elsewhereRefusal', () => {
  const body = (place: object) => ({
    message: MSG_PLACE.atTable('Mesa 3'),
    code: 'place/elsewhere',
    place,
  });

  it('links each kind of place to its screen', () => {
    const table = {
      kind: 'table',
      table_id: 7,
      tournament_id: null,
      name: 'Mesa 3',
      playing: false,
    };
    expect(elsewhereRefusal(new ApiError(409, body(table), 'x'))).toEqual({
      message: MSG_PLACE.atTable('Mesa 3'),
      place: table,
      to: '/waiting-room/7',
      label: 'Ir a la mesa',
    });
    const quick = {
      kind: 'quick',
      table_id: null,
      tournament_id: null,
      name: 'Jugar ahora',
      playing: false,
    };
    expect(elsewhereRefusal(new ApiError(409, body(quick), 'x'))).toMatchObject({
      to: '/jugar-ahora',
      label: 'Ir a Jugar ahora',
    });
    const cup = {
      kind: 'tournament',
      table_id: null,
      tournament_id: 4,
      name: 'Copa',
      playing: false,
    };
    expect(elsewhereRefusal(new ApiError(409, body(cup), 'x'))).toMatchObject({
      to: '/torneos/4',
      label: 'Ver el torneo',
    });
  });

  it('is null for any other error or a body without a valid place', () => {
    expect(
      elsewhereRefusal(new ApiError(409, { message: 'Mesa llena', code: 'tables/full' }, 'x')),
    ).toBeNull();
    expect(
      elsewhereRefusal(
        new ApiError(409, { message: 'x', code: 'place/elsewhere', place: { kind: 'bar' } }, 'x'),
      ),
    ).toBeNull();
    expect(elsewhereRefusal(new Error('boom'))).toBeNull();
  });
});
