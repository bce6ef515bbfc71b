import { z } from 'zod';
import { MSG_INPUT } from './input';
import { plural } from './plural';

/**
 * Table talk (docs/decisions/023-table-talk.md, docs/product.md "Hablar en la mesa"). In
 * Venezuelan domino, telling your partner anything about your hand is cheating, so during a hand
 * players may only send a reaction or a quick phrase from the fixed lists below, by id; free text
 * exists only at private tables while no match runs. The server resolves ids to the texts here,
 * so a client can never send text disguised as a phrase.
 *
 * Every phrase was reviewed against the rule: no tiles, numbers, suits ("palos"), passing, or
 * intent ("no tengo", "juega al 5", "¡tranca!" as an instruction). A phrase that names an event of
 * the game ("¡Capicúa!", "¡Qué tranque!") or judges a finished play of one's partner may only be
 * said once the hand is over, and only about what really happened; phrases about the match as a
 * whole only outside a match.
 */

/** When a quick phrase may be sent (see `talkMoment`). */
export type PhraseMoment =
  /** Any time, also during a hand: says nothing about anyone's tiles or plans. */
  | 'any'
  /** Between hands (the last hand is over, no tile of the next is on the table) or outside a match. */
  | 'after_hand'
  /** Only while no match runs at the table (the waiting room, after the match). */
  | 'outside_match';

/** A fixed quick phrase: id (what clients send), Spanish text, when it may be sent. */
export interface TalkPhrase {
  readonly id: string;
  readonly text: string;
  readonly moment: PhraseMoment;
  /** Only after a hand that really ended this way (the phrase names that event). */
  readonly requires?: 'capicua' | 'tranque';
}

/** A reaction: id (what clients send), the emoji shown, and its Spanish label (accessibility). */
export interface TalkReaction {
  readonly id: string;
  readonly emoji: string;
  readonly label: string;
}

/** The reactions, always allowed: a feeling, never a piece of information. */
export const TALK_REACTIONS: readonly TalkReaction[] = [
  { id: 'aplausos', emoji: '👏', label: 'Aplausos' },
  { id: 'risa', emoji: '😄', label: 'Risa' },
  { id: 'sorpresa', emoji: '😮', label: 'Sorpresa' },
  { id: 'uf', emoji: '😅', label: '¡Uf!' },
  { id: 'fuego', emoji: '🔥', label: '¡Qué fuego!' },
  { id: 'saludo', emoji: '🤝', label: 'Saludo' },
];

/**
 * The quick phrases. Reviewed one by one (decision 023):
 * - "¡Hola!", "¡Suerte!", "Gracias", "¡Buena jugada!" (to anyone, about a play already made):
 *   courtesy, no hand content: any time.
 * - "¡Bien jugado, compañero!" approves the partner's play: said mid-hand it would tell the partner
 *   "keep going that way", so only after the hand. "Ups" during a hand would disown one's own last
 *   play (telling the partner not to read it as a signal): after the hand too.
 * - "¡Capicúa!" and "¡Qué tranque!" name how a hand ended: only after a hand that ended so, never
 *   as an announcement or an instruction ("tranca") during one.
 * - "Buena partida", "Un momento, por favor" (said by the player on turn it would tell that they
 *   have a choice to make), "¿Revancha?": outside a match.
 * Forbidden and never added: anything with a number or a suit, "no tengo", "paso", "juega a...",
 * "tranca", "cuídame la...", "voy", "tengo el doble...".
 */
export const TALK_PHRASES: readonly TalkPhrase[] = [
  { id: 'hola', text: '¡Hola!', moment: 'any' },
  { id: 'suerte', text: '¡Suerte!', moment: 'any' },
  { id: 'buena_jugada', text: '¡Buena jugada!', moment: 'any' },
  { id: 'gracias', text: 'Gracias', moment: 'any' },
  { id: 'bien_jugado_companero', text: '¡Bien jugado, compañero!', moment: 'after_hand' },
  { id: 'ups', text: 'Ups', moment: 'after_hand' },
  { id: 'capicua', text: '¡Capicúa!', moment: 'after_hand', requires: 'capicua' },
  { id: 'que_tranque', text: '¡Qué tranque!', moment: 'after_hand', requires: 'tranque' },
  { id: 'buena_partida', text: 'Buena partida', moment: 'outside_match' },
  { id: 'un_momento', text: 'Un momento, por favor', moment: 'outside_match' },
  { id: 'revancha', text: '¿Revancha?', moment: 'outside_match' },
];

/** The longest free-text message, in characters (code points). */
export const TALK_TEXT_MAX = 200;

/** Rate limit of talk messages per user (any kind): this many per window. */
export const TALK_RATE_LIMIT = { points: 5, windowSeconds: 10 } as const;

/** How long after a match finished its players may still talk at the table (ms). */
export const TALK_AFTER_MATCH_MS = 5 * 60_000;

/**
 * How many messages one catch-up read (`GET /api/talk/tables/{id}?since=`) carries at most; when
 * more follow, `more` is true and the client asks again from the last id it got
 * (docs/decisions/064-blip-resync.md). Two minutes of the busiest table fit in three pages:
 * four players at TALK_RATE_LIMIT say at most 4 × 5 × 12 = 240 messages.
 */
export const TALK_CATCH_UP_PAGE = 100;

/**
 * A catch-up read also returns the messages of the TALK_CATCH_UP_OVERLAP_MS before the cursor's
 * own message whose ids are lower than it: ids are taken when a message is written, and a message
 * with a lower id may become visible (and be pushed) a moment after one with a higher id. The
 * client drops what it already has by id (decision 064).
 */
export const TALK_CATCH_UP_OVERLAP_MS = 2_000;

/** Chat bans staff may give from a report, in days. */
export const TALK_BAN_DAYS = [1, 7] as const;

/**
 * Where the table's talk stands, from the server's point of view:
 * - `waiting`: no match runs at the table: everything allowed (free text at private tables only);
 * - `between_hands`: a match runs, its last hand is over and no tile of the next one is played;
 *   the next hand is already dealt (the engine deals at once), so free text stays refused;
 * - `hand`: a hand is being played: reactions and `any` phrases only.
 */
export type TalkMoment = 'waiting' | 'between_hands' | 'hand';

/** Whether `phrase` may be sent at `moment`, given how the last hand ended (if one did). */
export function phraseAllowed(
  phrase: TalkPhrase,
  moment: TalkMoment,
  lastHand: { capicua: boolean; tranque: boolean } | null,
): boolean {
  if (phrase.moment === 'any') return true;
  if (phrase.moment === 'outside_match') return moment === 'waiting';
  if (moment === 'hand') return false;
  if (!phrase.requires) return true;
  if (!lastHand) return false;
  return phrase.requires === 'capicua' ? lastHand.capicua : lastHand.tranque;
}

/** Spanish messages of table talk. */
export const MSG_TALK = {
  notSeated: 'Solo los jugadores sentados en esta mesa pueden hablar en ella.',
  unknownPhrase: 'Ese mensaje no existe. Elige una reacción o una frase de la lista.',
  phraseNotNow:
    'Esa frase no se puede enviar en este momento de la partida: durante una mano no se puede decir nada sobre el juego.',
  textDuringMatch:
    'Durante la partida solo se pueden enviar reacciones y frases rápidas, para que nadie hable de sus fichas.',
  textPublicTable:
    'En las mesas públicas solo se pueden enviar reacciones y frases rápidas. El texto libre es para las mesas privadas.',
  textEmpty: 'Escribe un mensaje.',
  textTooLong: `El mensaje no puede tener más de ${TALK_TEXT_MAX} caracteres.`,
  textControl: 'El mensaje tiene caracteres no permitidos.',
  rateLimited: 'Estás enviando mensajes muy rápido. Espera unos segundos.',
  banned: (until: string) =>
    `No puedes enviar mensajes en las mesas hasta el ${until}, por una decisión del equipo de Dominó tras un reporte.`,
  notFound: 'La mesa no existe.',
  muteSelf: 'No puedes silenciarte a ti mismo.',
  userNotFound: 'El jugador no existe.',
  muted: 'Silenciaste a este jugador: ya no verás sus mensajes.',
  unmuted: 'Volverás a ver los mensajes de este jugador.',
  reportSelf: 'No puedes reportarte a ti mismo.',
  reportNoMessages: 'Ese jugador no ha enviado mensajes en esta mesa: no hay nada que reportar.',
  reportDuplicate: 'Ya reportaste a este jugador en esta mesa. El equipo lo revisará.',
  reported: 'Gracias. Guardamos la conversación y el equipo de Dominó revisará el reporte.',
  reportNotFound: 'El reporte no existe.',
  reportClosed: 'Este reporte ya fue resuelto.',
  dismissed: 'Reporte descartado.',
  bannedDone: (days: number) =>
    `El jugador no podrá escribir en las mesas durante ${days > 1 ? plural(days, 'día', 'días') : '24 horas'}.`,
} as const;

/** Why a player reports another's messages (Spanish labels for the form and the console). */
export const TALK_REPORT_REASONS = {
  insultos: 'Insultos o lenguaje ofensivo',
  trampa: 'Habla de sus fichas o de la jugada (trampa)',
  spam: 'Mensajes repetidos (spam)',
  otro: 'Otro motivo',
} as const;
export type TalkReportReason = keyof typeof TALK_REPORT_REASONS;

/** `talk:send` payload: a reaction or phrase by id, or free text where allowed. */
export const talkSendSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      table_id: z.number().int().positive(),
      kind: z.literal('reaction'),
      id: z.string().max(40),
    }),
    z.object({
      table_id: z.number().int().positive(),
      kind: z.literal('phrase'),
      id: z.string().max(40),
    }),
    z.object({
      table_id: z.number().int().positive(),
      kind: z.literal('text'),
      text: z.string().max(2000),
    }),
  ],
  { error: 'Mensaje no válido.' },
);
export type TalkSend = z.infer<typeof talkSendSchema>;

/** Who sent a message, as other players see it ('María G.', decision on public names). */
export const talkSenderSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  seat: z.number().nullable(),
});

/** `talk:message` (server -> the table's players) and each row of the table's recent messages. */
export const talkMessageSchema = z.object({
  id: z.number(),
  table_id: z.number(),
  kind: z.enum(['reaction', 'phrase', 'text']),
  /** The reaction's or phrase's id; null for free text. */
  ref: z.string().nullable(),
  /** What to show: the emoji, the phrase or the (filtered) text. */
  body: z.string(),
  from: talkSenderSchema,
  at: z.string(),
});
export type TalkMessage = z.infer<typeof talkMessageSchema>;

/** Ack of `talk:send`. */
export type TalkSendAck =
  { ok: true; message: TalkMessage } | { ok: false; code: string; message: string };

/**
 * GET /api/talk/tables/{id}?since=: the id of the last message the client holds. With it the
 * answer's `messages` are those after it, oldest first (decision 064); without it, the recent ones.
 */
export const talkStateQuerySchema = z.object({
  since: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,15})$/, MSG_INPUT.expectedInteger)
    .transform(Number)
    .refine(Number.isSafeInteger, MSG_INPUT.expectedInteger)
    .optional(),
});

/**
 * GET /api/talk/tables/{id}: what the caller may do at the table now and its messages: the recent
 * ones, or with `?since=` every message after that id (a reconnected client's catch-up, in pages
 * of TALK_CATCH_UP_PAGE; docs/decisions/064-blip-resync.md).
 */
export const talkStateSchema = z.object({
  table_id: z.number(),
  moment: z.enum(['waiting', 'between_hands', 'hand']),
  can_talk: z.boolean(),
  free_text: z.boolean(),
  /** Phrase ids the caller may send now. */
  phrases: z.array(z.string()),
  /** Until when the caller may not talk (ISO), null when free to. */
  banned_until: z.string().nullable(),
  /** Oldest first, without the messages of users the caller muted. */
  messages: z.array(talkMessageSchema),
  /** Users the caller muted (any table). */
  muted: z.array(z.number()),
  /**
   * With `?since=`: more messages follow the last one of this page (ask again from its id).
   * Always false for the recent messages.
   */
  more: z.boolean(),
});
export type TalkState = z.infer<typeof talkStateSchema>;

/** PUT/DELETE /api/talk/mutes/{userId} answer. */
export const talkMuteResponseSchema = z.object({
  message: z.string(),
  muted: z.array(z.number()),
});

/** POST /api/talk/reports body. */
export const talkReportRequestSchema = z.object({
  table_id: z.number({ error: 'Indica la mesa.' }).int().positive(),
  user_id: z.number({ error: 'Indica el jugador.' }).int().positive(),
  reason: z.enum(Object.keys(TALK_REPORT_REASONS) as [TalkReportReason, ...TalkReportReason[]], {
    error: 'Elige un motivo.',
  }),
});
export const talkReportResponseSchema = z.object({ id: z.number(), message: z.string() });

/** One line of a report's kept transcript (full names: only staff read it). */
export const talkTranscriptLineSchema = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number(),
  name: z.string(),
  kind: z.enum(['reaction', 'phrase', 'text']),
  body: z.string(),
  /** The filter masked words in this message. */
  flagged: z.boolean(),
});

/** A report as staff see it (GET /api/admin/talk-reports). */
export const talkReportSchema = z.object({
  id: z.number(),
  status: z.enum(['open', 'dismissed', 'banned']),
  reason: z.string(),
  reason_label: z.string(),
  created_at: z.string(),
  table: z.object({ id: z.number(), name: z.string(), round: z.number() }),
  reporter: z.object({ id: z.number(), name: z.string() }),
  reported: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  transcript: z.array(talkTranscriptLineSchema),
  resolved_at: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type TalkReport = z.infer<typeof talkReportSchema>;
export const talkReportListSchema = z.object({ data: z.array(talkReportSchema) });

/** POST /api/admin/talk-reports/{id}/ban body. */
export const talkBanRequestSchema = z.object({
  days: z.union([z.literal(1), z.literal(7)], { error: 'Elige 24 horas o 7 días.' }),
});
export const talkStaffActionResponseSchema = z.object({
  message: z.string(),
  report: talkReportSchema,
});
