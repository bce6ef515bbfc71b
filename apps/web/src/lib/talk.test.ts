import { describe, expect, it } from 'vitest';
import type { TalkMessage } from '@domino/contracts';
import { TALK_LOG_SIZE, mergeMessages } from './talk';

const msg = (id: number, userId = 1): TalkMessage => ({
  id,
  table_id: 7,
  kind: 'phrase',
  ref: 'hola',
  body: '¡Hola!',
  from: { user_id: userId, name: 'Ana P.', seat: 0 },
  at: new Date(0).toISOString(),
});

describe('mergeMessages', () => {
  it('orders by id and drops duplicates of a push and a refetch', () => {
    expect(mergeMessages([msg(2), msg(1)], [msg(2), msg(3)], []).map((m) => m.id)).toEqual([
      1, 2, 3,
    ]);
  });

  it('hides muted senders and keeps the last messages only', () => {
    expect(mergeMessages([msg(1, 1), msg(2, 2)], [], [2]).map((m) => m.id)).toEqual([1]);
    const many = Array.from({ length: TALK_LOG_SIZE + 5 }, (_, i) => msg(i + 1));
    const kept = mergeMessages(many, [], []);
    expect(kept).toHaveLength(TALK_LOG_SIZE);
    expect(kept[0]!.id).toBe(6);
  });
});
