import { inviteCodeSchema, plural, type PrivateFacts, type TableDetail } from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';

/**
 * Pure rules of the private-table pages (/mesas/nueva, /invitacion/:code and the waiting room's
 * invitation panel; docs/product.md "Mesas privadas"): how prices read, the link to share, the
 * message it goes with, and how long the invitation has left.
 */

/** An entry price as the creation form lists it: 0 -> 'Amistosa (gratis)', else 'Bs. 100,00'. */
export function entryPriceLabel(price: number): string {
  return price === 0 ? 'Amistosa (gratis)' : formatBolivares(price);
}

/** The code of a path parameter, upper-cased and checked (contracts' inviteCodeSchema), or null. */
export function parseInviteCode(raw: string | undefined): string | null {
  const parsed = inviteCodeSchema.safeParse(raw ?? '');
  return parsed.success ? parsed.data : null;
}

/** The full address of an invitation: the site's origin and `invite_path` ('/invitacion/ABC234'). */
export function invitationUrl(origin: string, invitePath: string): string {
  return `${origin.replace(/\/+$/, '')}${invitePath}`;
}

/** What 'Compartir' sends with the link (WhatsApp and the like). */
export function shareMessage(code: string, url: string): string {
  return `¡Juguemos dominó! Únete a mi mesa privada con el código ${code}: ${url}`;
}

/** A WhatsApp link carrying `text` (the fallback when the browser cannot share). */
export function whatsappUrl(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/**
 * Whole minutes until `expiresAt` (ISO) at `now` (ms), rounded up so '1 minuto' shows until the
 * very end; 0 once past; null without a date (the match started) or with an unreadable one.
 */
export function minutesLeft(expiresAt: string | null, now: number): number | null {
  if (expiresAt === null) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 60_000));
}

/** 'Vence en 30 minutos', 'Vence en 1 minuto', or 'La invitación venció' at 0. */
export function expiryText(minutes: number): string {
  if (minutes <= 0) return 'La invitación venció';
  return `Vence en ${plural(minutes, 'minuto', 'minutos')}`;
}

/** Whether `userId` created this private table (false for a public table or a visitor). */
export function isHostOf(
  table: { private: Pick<PrivateFacts, 'host'> | null },
  userId: number | undefined,
): boolean {
  return table.private !== null && userId !== undefined && table.private.host.id === userId;
}

/** Seats taken: 'Sentados: 1 de 2'. */
export function seatsTakenText(table: Pick<TableDetail, 'seats' | 'max_players'>): string {
  const taken = table.seats.filter((s) => s.user !== null).length;
  return `${taken} de ${table.max_players}`;
}
