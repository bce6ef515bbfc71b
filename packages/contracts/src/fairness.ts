import { z } from 'zod';

/**
 * Provably fair dealing as players meet it (docs/fairness.md, decision 015): the
 * commitment published in the waiting room, the client seed each seated player sets there, and
 * who may read a finished match's seeds, deals and replay (its players and staff).
 */

/** Longest client seed accepted, in characters. */
export const CLIENT_SEED_MAX_LENGTH = 64;

/**
 * Characters of a client seed: ASCII letters, digits, '-' and '_' (the length is checked apart,
 * so an empty seed gets one message). Plain ASCII so that what a player types in the waiting
 * room and again in /verificar is the same UTF-8 bytes (no accents to normalise, no spaces to
 * lose, no ':' to blur the seed separator of docs/fairness.md).
 */
export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]*$/;

/** Spanish messages of the fairness flows (decision 015). */
export const MSG_FAIRNESS = {
  seedRequired: 'Escribe tu semilla.',
  seedLength: `La semilla debe tener entre 1 y ${CLIENT_SEED_MAX_LENGTH} caracteres.`,
  seedChars:
    'La semilla solo puede tener letras sin acentos, números, guiones (-) y guiones bajos (_), sin espacios.',
  seedSaved: 'Guardamos tu semilla. Se usará en el reparto de esta partida.',
  /** The match started (or is counting down): the seeds are fixed. */
  seedLocked: 'La partida ya comenzó: tu semilla quedó fijada y ya no se puede cambiar.',
  /** /api/games/{id}/fairness before the end. */
  notFinished: 'La semilla del servidor se revela cuando termina la partida.',
  /** /api/games/{id}/replay before the end. */
  replayNotFinished: 'La repetición estará disponible cuando termine la partida.',
  /** Fairness record or replay of a match the caller did not play (staff may read any). */
  notAParticipant:
    'Solo los jugadores de esta partida y el personal pueden ver sus semillas, repartos y jugadas.',
  /** /verificar without a session. */
  loginToVerify: 'Inicia sesión con la cuenta que jugó esta partida para verificar sus repartos.',
} as const;

/**
 * A client seed as a player types it (waiting room, join, practice): trimmed, 1 to 64 characters
 * of CLIENT_SEED_PATTERN. Errors are MSG_FAIRNESS texts.
 */
export const clientSeedSchema = z
  .string({ error: MSG_FAIRNESS.seedRequired })
  .trim()
  .min(1, MSG_FAIRNESS.seedRequired)
  .max(CLIENT_SEED_MAX_LENGTH, MSG_FAIRNESS.seedLength)
  .regex(CLIENT_SEED_PATTERN, MSG_FAIRNESS.seedChars);

/** PUT /api/tables/{id}/client-seed: the caller's own seat's seed, before the match starts. */
export const setClientSeedRequestSchema = z.object({ client_seed: clientSeedSchema });

/** GET and PUT /api/tables/{id}/client-seed: the caller's seat and the seed it will deal with. */
export const clientSeedResponseSchema = z.object({
  seat: z.number().int(),
  client_seed: z.string(),
  /** PUT only: the confirmation to show. */
  message: z.string().optional(),
});
export type ClientSeedResponse = z.infer<typeof clientSeedResponseSchema>;

/** Whether `text` is a well-formed commitment: 64 hex characters (case ignored). */
export function isCommitment(text: string): boolean {
  return /^[0-9a-f]{64}$/i.test(text.trim());
}
