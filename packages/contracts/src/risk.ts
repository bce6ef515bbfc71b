/**
 * The staff risk queue (docs/decisions/032-risk-signals.md, /admin/riesgo): fraud and collusion
 * signals with their evidence, and the actions staff take on an account (flag, hold withdrawals,
 * suspend, and lifting them). Amounts on the wire are bolívares (céntimos / 100).
 */
import { z } from 'zod';
import { MSG_INPUT } from './input';

/** Spanish messages of the risk queue. */
export const MSG_RISK = {
  /** What a player reads when their withdrawals are held (POST /api/withdrawals, 409). */
  withdrawalsHeld:
    'Tu retiro está en revisión: por ahora no puedes solicitar retiros. Escríbenos a soporte para más información.',
  /** What staff read when they try to pay a withdrawal of a held account. */
  payoutHeld:
    'Los retiros de esta cuenta están retenidos por revisión de riesgo. Levanta la retención antes de pagar.',
  itemNotFound: 'La alerta no existe.',
  itemDecided: 'Esta alerta ya fue atendida.',
  itemNotForUser: 'La cuenta no forma parte de esta alerta.',
  noteRequired: 'Escribe una nota de al menos 3 caracteres.',
  reasonRequired: 'Escribe el motivo (al menos 3 caracteres).',
  actionInvalid: 'Acción no válida.',
  alreadyInState: 'No hay cambios: la cuenta ya estaba así.',
  dismissed: 'Alerta descartada',
  recomputed: (created: number, updated: number) =>
    `Señales recalculadas: ${created} nuevas, ${updated} actualizadas.`,
  actionDone: {
    flag: 'Cuenta marcada',
    unflag: 'Marca retirada',
    hold: 'Retiros retenidos',
    release: 'Retención de retiros levantada',
    suspend: 'Cuenta suspendida',
  },
} as const;

/** Spanish labels of the risk queue's audit actions (spread into AUDIT_ACTION_LABELS). */
export const RISK_AUDIT_ACTION_LABELS: Record<string, string> = {
  'risk.flag': 'Riesgo: cuenta marcada',
  'risk.unflag': 'Riesgo: marca retirada',
  'risk.hold': 'Riesgo: retiros retenidos',
  'risk.release': 'Riesgo: retención levantada',
  'risk.item.dismiss': 'Riesgo: alerta descartada',
  'risk.item.action': 'Riesgo: alerta atendida',
  'risk.item.reopen': 'Riesgo: alerta reabierta por evidencia nueva',
  'risk.item.merge': 'Riesgo: alerta unida a su grupo',
};

/** The kinds of signal (decision 032). */
export const RISK_KINDS = [
  'linked',
  'co_seating',
  'chip_dumping',
  'shared_reference',
  'hand_sharing',
] as const;
export type RiskKind = (typeof RISK_KINDS)[number];

/** Spanish label of each kind, for the queue. */
export const RISK_KIND_LABELS: Readonly<Record<RiskKind, string>> = {
  linked: 'Cuentas vinculadas',
  co_seating: 'Se sientan juntos',
  chip_dumping: 'Pérdidas dirigidas',
  shared_reference: 'Referencia repetida',
  hand_sharing: 'Pareja que comparte sus fichas',
};

export const RISK_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];

/** Spanish label of a signal shared by linked accounts (risk/linked.ts). */
export const LINK_SIGNAL_LABELS: Readonly<Record<string, string>> = {
  device: 'mismo dispositivo',
  payout_phone: 'mismo teléfono de cobro',
  bank_account: 'misma cuenta bancaria',
  cedula: 'misma cédula',
  confirmed_pattern: 'patrón de juego confirmado por el personal',
  /** Never a link on its own (docs/decisions/039): it only adds weight to the others. */
  address: 'misma dirección IP (solo suma peso)',
};

/** An account of a signal, with the marks staff put on it. */
export const riskAccountSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  flagged: z.boolean(),
  withdrawals_held: z.boolean(),
});
export type RiskAccount = z.infer<typeof riskAccountSchema>;

/** One link of a group of linked accounts: two accounts and what joins them (decision 049). */
export const linkedLinkSchema = z.object({
  a: z.number(),
  b: z.number(),
  /** Linking signals (LINK_SIGNAL_LABELS): device, payout_phone, bank_account, cedula, … */
  signals: z.array(z.string()),
  /** The two also shared a client address: weight only, never a link (decision 039). */
  shared_address: z.boolean(),
});
export type LinkedLink = z.infer<typeof linkedLinkSchema>;

/**
 * Linked accounts: the signals seen, and for a group (docs/decisions/049-risk-scanning-and-groups.md)
 * every link and each account's money at stake in bolívares (by account id). Items written
 * before groups existed carry only `signals`.
 */
export const linkedEvidenceSchema = z.object({
  signals: z.array(z.string()),
  links: z.array(linkedLinkSchema).optional(),
  stakes: z.record(z.string(), z.number()).optional(),
});
export type LinkedEvidence = z.infer<typeof linkedEvidenceSchema>;

/** Co-seating: matches together vs what random seating gives (Poisson tails). */
export const coSeatingEvidenceSchema = z.object({
  together: z.number().int(),
  expected: z.number(),
  p_value: z.number(),
  /** Parejas only: as partners (seats i and i+2) and as opponents. */
  partners: z.number().int(),
  partners_expected: z.number(),
  partners_p_value: z.number(),
  opponents: z.number().int(),
  /** Each account's finished money matches in the window. */
  matches: z.array(z.number().int()),
  /** Entry prices (bolívares) where they met. */
  stakes: z.array(z.number()),
});
export type CoSeatingEvidence = z.infer<typeof coSeatingEvidenceSchema>;

/** Chip dumping: one account's side keeps losing to the other's. */
export const chipDumpingEvidenceSchema = z.object({
  loser_id: z.number(),
  winner_id: z.number(),
  /** Matches where the loser's side lost and the winner's side won. */
  losses: z.number().int(),
  /** Matches as opponents that one of the two won (the other lost). */
  decided: z.number().int(),
  p_value: z.number(),
  /** What flowed loser -> winner minus winner -> loser, in bolívares. */
  net: z.number(),
  stakes: z.array(z.number()),
});
export type ChipDumpingEvidence = z.infer<typeof chipDumpingEvidenceSchema>;

export const sharedReferenceEvidenceSchema = z.object({
  reference: z.string(),
  recharges: z.array(
    z.object({
      id: z.number(),
      user_id: z.number(),
      amount: z.number(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type SharedReferenceEvidence = z.infer<typeof sharedReferenceEvidenceSchema>;

/** A move as the hand-sharing evidence shows it: a tile ("6-4") and the end it went to. */
export const sharingMoveSchema = z.object({
  tile: z.string(),
  end: z.enum(['left', 'right']),
});
export type SharingMove = z.infer<typeof sharingMoveSchema>;

/** One decision of a partner, with both valuations of each move (points for the pair's side). */
export const sharingDecisionSchema = z.object({
  /** Index of the move in the match's move log. */
  index: z.number().int(),
  seat: z.number().int(),
  user_id: z.number().nullable(),
  /** The seat's tiles and its partner's (hidden from the seat), as "6-4". */
  hand: z.array(z.string()),
  partner_hand: z.array(z.string()),
  /** The line before the move, left to right. */
  line: z.array(z.string()),
  played: sharingMoveSchema,
  /** The best move with the seat's own information only. */
  best_own: sharingMoveSchema,
  /** Each distinct legal move: value with own information and with the partner's tiles known. */
  values: z.array(sharingMoveSchema.extend({ own: z.number(), shared: z.number() })),
  /** The decision's score d, in points (docs/integrity.md). */
  gain: z.number(),
});
export type SharingDecisionEvidence = z.infer<typeof sharingDecisionSchema>;

/**
 * Hand sharing (docs/decisions/059-hand-sharing-detector.md, docs/integrity.md): two partners
 * whose choices do better under the real deal than their own information justifies, over their
 * parejas hands together. `z` = ΣD / sqrt(ΣD²) over `hands`; flagged at `threshold`. The hands
 * with the highest score, with every decision, are the evidence a person reads.
 */
export const handSharingEvidenceSchema = z.object({
  user_ids: z.array(z.number()),
  z: z.number(),
  threshold: z.number(),
  hands: z.number().int(),
  decisions: z.number().int(),
  matches: z.number().int(),
  /** Mean score per decision, in points. */
  mean_gain: z.number(),
  top_hands: z.array(
    z.object({
      game_id: z.string(),
      hand_number: z.number().int(),
      score: z.number(),
      decisions: z.array(sharingDecisionSchema),
    }),
  ),
});
export type HandSharingEvidence = z.infer<typeof handSharingEvidenceSchema>;

const itemBase = {
  id: z.number(),
  status: z.enum(RISK_STATUSES),
  score: z.number(),
  /**
   * Money at stake of the item's accounts at its last scan, in bolívares: wallets, escrow (seats,
   * tournament entries), pending withdrawals and recharges (decision 049). The queue's order.
   */
  stake: z.number(),
  accounts: z.array(riskAccountSchema),
  note: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
};

/** One queue item (GET /api/admin/risk/items). */
export const riskItemSchema = z.discriminatedUnion('kind', [
  z.object({ ...itemBase, kind: z.literal('linked'), evidence: linkedEvidenceSchema }),
  z.object({ ...itemBase, kind: z.literal('co_seating'), evidence: coSeatingEvidenceSchema }),
  z.object({ ...itemBase, kind: z.literal('chip_dumping'), evidence: chipDumpingEvidenceSchema }),
  z.object({
    ...itemBase,
    kind: z.literal('shared_reference'),
    evidence: sharedReferenceEvidenceSchema,
  }),
  z.object({ ...itemBase, kind: z.literal('hand_sharing'), evidence: handSharingEvidenceSchema }),
]);
export type RiskItem = z.infer<typeof riskItemSchema>;
export const riskItemListSchema = z.object({ data: z.array(riskItemSchema) });

export const riskItemsQuerySchema = z.object({
  status: z.enum(RISK_STATUSES, { error: 'Estado no válido.' }).default('open'),
  /** A canonical decimal id (decision 014): `0x10`, ` 1`, `1e3` or `01` are refused, not read. */
  user_id: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, MSG_INPUT.expectedInteger)
    .transform(Number)
    .refine(Number.isSafeInteger, MSG_INPUT.expectedInteger)
    .optional(),
});

/** POST /api/admin/risk/items/{id}/dismiss body. */
export const riskDismissSchema = z.object({
  note: z.string({ error: MSG_RISK.noteRequired }).trim().min(3, MSG_RISK.noteRequired).max(500),
});

export const RISK_ACTIONS = ['flag', 'unflag', 'hold', 'release', 'suspend'] as const;
export type RiskAction = (typeof RISK_ACTIONS)[number];

/** POST /api/admin/risk/accounts/{id}/actions body; `item_id` marks that item `actioned`. */
export const riskActionSchema = z.object({
  action: z.enum(RISK_ACTIONS, { error: MSG_RISK.actionInvalid }),
  reason: z
    .string({ error: MSG_RISK.reasonRequired })
    .trim()
    .min(3, MSG_RISK.reasonRequired)
    .max(500),
  item_id: z.number().int().positive().optional(),
});
export type RiskActionRequest = z.infer<typeof riskActionSchema>;

/** The marks on one account (GET /api/admin/risk/accounts/{id}). */
export const riskMarksSchema = z.object({
  user_id: z.number(),
  status: z.string(),
  flagged: z.boolean(),
  flag_reason: z.string().nullable(),
  withdrawals_held: z.boolean(),
  hold_reason: z.string().nullable(),
  open_items: z.number().int(),
});
export type RiskMarks = z.infer<typeof riskMarksSchema>;

export const riskActionResponseSchema = z.object({ message: z.string(), marks: riskMarksSchema });
export const riskDismissResponseSchema = z.object({ message: z.string(), item: riskItemSchema });
export const riskRecomputeResponseSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  total: z.number().int(),
});
