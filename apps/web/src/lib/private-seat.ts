import { z } from 'zod';

/**
 * The private table this browser last took a seat at, per player (docs/product.md "Mesas
 * privadas"). A private table is not in the public list, so the dashboard cannot find it there as
 * it finds a public one; the creation and invitation pages (tables feature) write it down here and
 * the dashboard offers "Volver a tu mesa privada" after asking the server (GET /api/tables/{id})
 * that the player still sits there. Only a hint: the server stays the authority, and a stale
 * entry is forgotten as soon as it says otherwise. localStorage, wrapped (storage can throw).
 */

export const PRIVATE_SEAT_KEY = 'private_table_seat';

const seatSchema = z.object({
  userId: z.number().int(),
  tableId: z.number().int().positive(),
});
export type PrivateSeat = z.infer<typeof seatSchema>;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Writes down that `userId` sat at private table `tableId` (replacing any earlier one). */
export function rememberPrivateSeat(seat: PrivateSeat, storage: Storage | null = store()): void {
  try {
    storage?.setItem(PRIVATE_SEAT_KEY, JSON.stringify(seat));
  } catch {
    // Storage full or unavailable: the invitation link still leads back.
  }
}

/** The private table id written down for `userId`, or null (another player's entry is ignored). */
export function rememberedPrivateSeat(
  userId: number | undefined,
  storage: Storage | null = store(),
): number | null {
  if (userId === undefined) return null;
  try {
    const raw = storage?.getItem(PRIVATE_SEAT_KEY);
    if (!raw) return null;
    const parsed = seatSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.userId === userId ? parsed.data.tableId : null;
  } catch {
    return null;
  }
}

/** Forgets the entry (the server said the player no longer sits there). */
export function forgetPrivateSeat(storage: Storage | null = store()): void {
  try {
    storage?.removeItem(PRIVATE_SEAT_KEY);
  } catch {
    // Nothing to do.
  }
}
