import { mulberry32 } from '@domino/domino';
import { randomInt } from 'node:crypto';
import type { BankProvider } from '../connector';

/**
 * Banco de pruebas' memory (docs/decisions/052-banco-de-pruebas.md): the movements it holds, the
 * payment keys it "sent by SMS", the notifications it pushed, the faults in force and the
 * seeded random source that decides them. Nothing persists: a restart is an empty bank.
 */

/** Credentials the simulator accepts. Fixed demo values (decision 052); never real ones. */
export interface SimulatorSecrets {
  bdv: { apiKey: string };
  mercantil: {
    clientId: string;
    secretKey: string;
    merchantId: string;
    integratorId: string;
    terminalId: string;
  };
  r4: { commerceToken: string; webhookToken: string };
}

/** The demo credentials: what `npm start`, the tests and the bench configure (decision 052). */
export const DEMO_SECRETS: SimulatorSecrets = {
  bdv: { apiKey: 'banco-de-pruebas-bdv-0000000000000' },
  mercantil: {
    clientId: 'banco-de-pruebas-client-id',
    secretKey: 'banco-de-pruebas-secret-key',
    merchantId: '200001',
    integratorId: '31',
    terminalId: 'pruebas1',
  },
  r4: {
    commerceToken: 'banco-de-pruebas-commerce-token',
    webhookToken: '0b4e5200-0000-4000-8000-0000000b4e52',
  },
};

/** The platform's demo Pago Móvil phone (the recharge account the player pays to). */
export const DEMO_ACCOUNT_PHONE = '04129990000';

/** How the simulated bank refuses a key request, a C2P charge or a payout. */
export const DECLINE_KINDS = [
  'invalid_key',
  'expired_key',
  'insufficient_funds',
  'wrong_identification',
  'wrong_phone',
  'daily_limit',
  'bank_unavailable',
] as const;
export type DeclineKind = (typeof DECLINE_KINDS)[number];

/** Faults in force. Probabilities are per bank request, 0..1. */
export interface SimulatorFaults {
  /** Seed of the fault decisions: the same seed and requests give the same faults. null = random. */
  seed: number | null;
  /** Only these providers' endpoints suffer the faults (empty = all). */
  providers: BankProvider[];
  /** The bank does the work, then never answers (the client's time limit fires). */
  timeoutProbability: number;
  /** HTTP 503 with an HTML body, before doing anything. */
  errorProbability: number;
  /** HTTP 200 with a truncated JSON body, before doing anything. */
  garbageProbability: number;
  /** Movements are reported 1 Bs. above what was sent (lookups, notifications, C2P answers). */
  wrongAmount: boolean;
  /** Delay before a notification is pushed, in ms. */
  notificationDelayMs: number;
  /** Push every notification twice. */
  duplicateNotification: boolean;
  /** Refuse every payment-key request this way. */
  keyDecline: DeclineKind | null;
  /** Refuse every C2P charge this way (a charge is also refused for a wrong or stale key). */
  chargeDecline: DeclineKind | null;
  /** Refuse every payout this way. */
  payoutDecline: DeclineKind | null;
}

export const NO_FAULTS: SimulatorFaults = {
  seed: null,
  providers: [],
  timeoutProbability: 0,
  errorProbability: 0,
  garbageProbability: 0,
  wrongAmount: false,
  notificationDelayMs: 0,
  duplicateNotification: false,
  keyDecline: null,
  chargeDecline: null,
  payoutDecline: null,
};

/** One movement of the simulated bank: a P2C received, a C2P charged or a payout sent. */
export interface SimMovement {
  provider: BankProvider;
  kind: 'p2c' | 'c2p' | 'payout';
  reference: string;
  day: string;
  amountCents: number;
  payerPhone: string;
  payerBankCode: string;
  payerIdentification: string | null;
  /** The merchant's phone the movement was sent to (P2C) or from (C2P, payout). */
  accountPhone: string;
  /** Invoice number of a C2P or payout (the merchant's idempotency key). */
  invoice: string | null;
  createdAt: number;
  /** When BDV's getMovement first answered 1000 for it. */
  reconciledAt: number | null;
}

/** A payment key "sent by SMS". */
export interface SimKey {
  provider: BankProvider;
  phone: string;
  identification: string;
  key: string;
  issuedAt: number;
  used: boolean;
}

/** A notification push and how the callback answered. */
export interface SimNotification {
  reference: string;
  url: string;
  at: number;
  status: number | null;
  error: string | null;
}

/** A seeded generator (mulberry32), enough to replay a fault sequence. */
const seeded = mulberry32;

/** The whole simulated bank. */
export class SimulatorState {
  movements: SimMovement[] = [];
  keys: SimKey[] = [];
  notifications: SimNotification[] = [];
  faults: SimulatorFaults = { ...NO_FAULTS };
  callbackUrl: string | null = null;
  private random: () => number = Math.random;
  private sequence = 0;

  constructor(faults?: Partial<SimulatorFaults>) {
    if (faults) this.setFaults(faults);
  }

  /** Replaces the faults given (others keep their value) and restarts the seeded sequence. */
  setFaults(faults: Partial<SimulatorFaults>): SimulatorFaults {
    this.faults = { ...this.faults, ...faults };
    this.random = this.faults.seed === null ? Math.random : seeded(this.faults.seed);
    return this.faults;
  }

  /** Empties the bank and clears every fault. */
  reset(): void {
    this.movements = [];
    this.keys = [];
    this.notifications = [];
    this.callbackUrl = null;
    this.setFaults({ ...NO_FAULTS });
  }

  /** Whether the faults apply to a provider's endpoints. */
  faulty(provider: BankProvider): boolean {
    return this.faults.providers.length === 0 || this.faults.providers.includes(provider);
  }

  /** The next fault draw, 0..1 (seeded when a seed is set). */
  draw(): number {
    return this.random();
  }

  /** A fresh 12-digit reference, unique in this bank. */
  nextReference(): string {
    this.sequence += 1;
    return String(880_000_000_000 + this.sequence * 7_919 + randomInt(0, 7_919));
  }

  /** Issues an 8-digit payment key and remembers it. */
  issueKey(provider: BankProvider, phone: string, identification: string): SimKey {
    const key: SimKey = {
      provider,
      phone,
      identification,
      key: String(randomInt(0, 100_000_000)).padStart(8, '0'),
      issuedAt: Date.now(),
      used: false,
    };
    this.keys.push(key);
    return key;
  }

  /** The amount the bank reports for a movement (the wrong-amount fault adds 1 Bs.). */
  reported(m: SimMovement): number {
    return this.faults.wrongAmount && this.faulty(m.provider) ? m.amountCents + 100 : m.amountCents;
  }
}
