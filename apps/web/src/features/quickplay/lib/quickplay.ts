import { MSG_QUICK, QUICK_SEATS, quickRules, type QuickMode } from '@domino/contracts';
import type { JoinTable } from '../../../lib/join';

/**
 * The terms the quick-play confirmation shows (the same dialog as joining a table): a table of
 * the mode's seats at the chosen price, with the staff's fees. `id` 0: the table does not exist
 * yet.
 */
export function quickTable(
  mode: QuickMode,
  entryPrice: number,
  fees: { house_fee_bps: number; pot_share_bps: number },
): JoinTable & { rules: ReturnType<typeof quickRules> } {
  const rules = quickRules(mode);
  return {
    id: 0,
    name: MSG_QUICK.tableName(mode),
    entry_price: entryPrice,
    max_players: QUICK_SEATS[mode],
    mode,
    target_points: rules.target_points,
    house_fee_bps: fees.house_fee_bps,
    pot_share_bps: fees.pot_share_bps,
    rules,
  };
}

/** "0:07", "1:23": minutes and seconds waited. */
export function elapsedText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The rating range note while searching: "±150 puntos" or any rating (contracts MSG_QUICK). */
export function windowText(window: number | null): string {
  return MSG_QUICK.range(window);
}

/** When the search gives up, counted down from `now` (ms): "Si en 2:35 no se forma la mesa…". */
export function givesUpText(givesUpAt: string, now: number): string {
  return MSG_QUICK.givesUpIn(elapsedText(Date.parse(givesUpAt) - now));
}
