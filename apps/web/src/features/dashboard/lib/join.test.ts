import { describe, expect, it } from 'vitest';
import { MSG, MSG_TABLES } from '@domino/contracts';
import { ApiError } from '../../../lib/api';
import { canPressPlay, shouldRefreshList } from './join';

describe('the Jugar join flow', () => {
  it('refreshes the list after a conflict such as a changed price', () => {
    const changed = new ApiError(
      409,
      { message: MSG_TABLES.priceChanged, code: 'table/price_changed' },
      MSG_TABLES.priceChanged,
    );
    expect(shouldRefreshList(changed)).toBe(true);
    expect(shouldRefreshList(new ApiError(422, {}, MSG.insufficientBalance))).toBe(false);
  });

  it('disables Jugar while a match runs at the table', () => {
    expect(canPressPlay({ status: 'playing' })).toBe(false);
    expect(canPressPlay({ status: 'open' })).toBe(true);
  });
});
