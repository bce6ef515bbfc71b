import { z } from 'zod';
import { legalMoveSchema, tileJsonSchema } from './games';

/**
 * Post-game analysis, "Análisis" (docs/decisions/029-post-game-analysis.md): the shapes of
 * POST/GET /api/games/{id}/analysis and their Spanish messages. A decision carries only what its
 * seat knew at that moment — its own hand, the public line and scores — and the moves of its own
 * tiles with their expected points; never another seat's tiles.
 */

/** Life of an analysis: queued, being computed on some node, ready, or given up after retries. */
export const ANALYSIS_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** Spanish messages of the analysis API and page. */
export const MSG_ANALYSIS = {
  /** The caller did not play the match, or asked for a seat that is not theirs. */
  notYours: 'Solo quien jugó esa partida puede ver el análisis de sus propias jugadas.',
  notFinished: 'El análisis estará disponible cuando termine la partida.',
  notRequested: 'Todavía no pediste el análisis de esta partida.',
  pending: 'Analizando tus jugadas…',
  failed: 'No pudimos analizar esta partida. Vuelve a intentarlo en unos minutos.',
} as const;

export const analysisLinePieceSchema = z.object({
  tile: tileJsonSchema,
  seat: z.number().int(),
  left: z.number().int(),
  right: z.number().int(),
});

/** One decision of the caller's seat (a move of theirs in the match's log). */
export const analysisDecisionSchema = z.object({
  /** 0-based index of the move in the match's log (the replay's step). */
  index: z.number().int().min(0),
  hand_number: z.number().int().min(1),
  /** The caller's own tiles before the move. */
  hand: z.array(tileJsonSchema),
  line: z.array(analysisLinePieceSchema),
  /** Index in `line` of the hand's opening tile (drawn at the centre of the board). */
  anchor: z.number().int().min(0),
  ends: z.object({ left: z.number().int(), right: z.number().int() }).nullable(),
  /** Score per side before the move (pairs 0+2 and 1+3 in parejas). */
  scores: z.array(z.number().int()),
  /** Only one legal move (or a pass or draw): not part of the accuracy. */
  forced: z.boolean(),
  /** Played by the CPU for the caller while away: not part of the accuracy. */
  autoplayed: z.boolean(),
  played: legalMoveSchema,
  best: legalMoveSchema,
  /** Every legal move with its expected points for the caller's side this hand, best first. */
  options: z.array(z.object({ move: legalMoveSchema, value: z.number() })),
  /** Expected points the played move lost against the best (0 when it was among the best). */
  loss: z.number().min(0),
  /** `loss` reached the notable threshold. */
  notable: z.boolean(),
});
export type AnalysisDecision = z.infer<typeof analysisDecisionSchema>;

/** POST and GET /api/games/{id}/analysis. */
export const analysisResponseSchema = z.object({
  game_id: z.string(),
  seat: z.number().int(),
  status: z.enum(ANALYSIS_STATUSES),
  /** Spanish text for pending and failed analyses; null when done. */
  message: z.string().nullable(),
  /** Ready analyses only. */
  summary: z
    .object({
      /**
       * Share of counted decisions that played a best move ("Mejor jugada"), 0-100; null if none
       * counted. It reads with the marks: 100 only when no counted move lost points (decision 050).
       */
      accuracy: z.number().int().min(0).max(100).nullable(),
      /** Mean expected-point loss over counted decisions; null if none counted. */
      average_loss: z.number().nullable(),
      decisions: z.number().int(),
      /** Decisions that count: neither forced nor played by the CPU. */
      counted: z.number().int(),
      /** Counted decisions marked "Mejor jugada", "Imprecisa" and "Error notable". */
      best: z.number().int(),
      inexact: z.number().int(),
      notable: z.number().int(),
      /** Decisions with one legal move ("Forzada") and moves the CPU played for the player. */
      forced: z.number().int(),
      autoplayed: z.number().int(),
      /** Threshold of a notable mistake, in expected points. */
      notable_loss: z.number(),
    })
    .nullable(),
  decisions: z.array(analysisDecisionSchema),
});
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;

/** Optional `?seat=` of the analysis routes: when given it must be the caller's own seat. */
export const analysisQuerySchema = z.object({
  seat: z.coerce
    .number({ error: 'El puesto debe ser un número del 0 al 3.' })
    .int('El puesto debe ser un número del 0 al 3.')
    .min(0, 'El puesto debe ser un número del 0 al 3.')
    .max(3, 'El puesto debe ser un número del 0 al 3.')
    .optional(),
});
