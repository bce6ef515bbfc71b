import { MSG_BANK_STAFF } from '@domino/contracts';
import type {
  BankConnector,
  BankHttp,
  BankMovement,
  ConnectorConfig,
  MovementQuery,
  VerifyResult,
} from '../connector';
import {
  amountToCents,
  asRecord,
  centsToDecimal,
  credential,
  exchange,
  normalizeText,
  str,
} from './common';

/**
 * Banco de Venezuela — "API de Conciliación" (getMovement): verifies one Pago Móvil received
 * (P2C) by payer phone, reference, day, amount and payer bank. Verify only: BDV publishes no
 * C2P, payout or notification API for this product.
 *
 * Sources (the bank's manual is a PDF handed to affiliated companies; public transcriptions):
 * - "API Conciliación BDV", manual MDU-006 v1 (21/12/2023, updated 17/01/2024), transcribed in
 *   public repositories (search "MDU-006 API Conciliación BDV"): production endpoint
 *   `POST https://bdvconciliacion.banvenez.com:443/getMovement`, header `X-API-Key`, request and
 *   response below, response codes 1000/1001/1002/1099.
 * - "API Conciliación DUMMY (Calidad)", control de versiones v6 (17/11/2025), transcribed the same
 *   way: QA endpoint `/getMovement/v2`, field `reqCed`, the 1010 answers (not found, wrong amount,
 *   "ya fue conciliado anteriormente", "Cliente no afiliado al producto"), and that a second call
 *   more than 30 s after a successful one answers "ya conciliado".
 *
 * Request (all strings): { cedulaPagador, telefonoPagador, telefonoDestino, referencia,
 *   fechaPago "YYYY-MM-DD", importe "120.00" (dot decimals), bancoOrigen "0102", reqCed false }.
 *   `reqCed` true only validates the cédula for BDV→BDV payments, so we send false and an empty
 *   cédula (a recharge query carries the payer's phone, not their cédula).
 * Response: { code: 1000, message: "monto : 120.00 - estatus : Transacción realizada",
 *   data: { status: "1000", amount: "120.00", reason, referencia }, status: 200 }
 *   or { code: 1010, message, data: null, status: 200 }; a malformed request gets HTTP 400
 *   { timestamp, path, status: 400, error: "Bad Request", requestId }.
 */

const PATH = '/getMovement';

/**
 * What each documented BDV answer means for the platform (one table; the free-text 1010
 * variants are told apart by their documented message).
 */
const BDV_CODES: Record<string, 'verified' | 'not_found' | 'refused' | 'unavailable'> = {
  '1000': 'verified', // Transacción realizada
  '1001': 'refused', // Parámetros inválidos (our request is wrong: staff must act)
  '1002': 'not_found', // Movimiento no encontrado
  '1010': 'not_found', // No conciliado (variants below)
  '1099': 'unavailable', // Error interno del servicio
};

function queryMovement(q: MovementQuery, amountCents: number, reference: string): BankMovement {
  return {
    reference,
    day: q.day,
    amountCents,
    payerPhone: q.payerPhone,
    payerBankCode: q.payerBankCode,
    payerIdentification: null,
  };
}

/** Verifies one P2C payment with getMovement. */
async function verify(
  cfg: ConnectorConfig,
  q: MovementQuery,
  http: BankHttp,
): Promise<VerifyResult> {
  const apiKey = credential(cfg, 'apiKey');
  const res = await exchange(
    http,
    'bdv.getMovement',
    `${cfg.baseUrl}${PATH}`,
    { 'X-API-Key': apiKey },
    {
      cedulaPagador: '',
      telefonoPagador: q.payerPhone,
      telefonoDestino: cfg.account.phone,
      referencia: q.reference,
      fechaPago: q.day,
      importe: centsToDecimal(q.amountCents),
      bancoOrigen: q.payerBankCode,
      reqCed: false,
    },
  );
  if (!res.ok) return { kind: 'unavailable', detail: res.detail };
  const body = asRecord(res.json);
  if (res.status === 401 || res.status === 403)
    return { kind: 'refused', detail: MSG_BANK_STAFF.credentialsRefused };
  if (res.status >= 400 || !body)
    return {
      kind: 'refused',
      bankCode: String(res.status),
      detail: MSG_BANK_STAFF.badRequest,
    };
  const code = str(body.code) ?? '';
  const message = str(body.message) ?? '';
  const meaning = BDV_CODES[code];
  if (!meaning) return { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  if (meaning === 'unavailable') return { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  if (meaning === 'refused')
    return {
      kind: 'refused',
      bankCode: code,
      bankMessage: message,
      detail: MSG_BANK_STAFF.badRequest,
    };

  if (meaning === 'verified') {
    const data = asRecord(body.data);
    const bankAmount = amountToCents(data?.amount);
    const reference = str(data?.referencia) || q.reference;
    if (bankAmount !== null && bankAmount !== q.amountCents)
      return {
        kind: 'mismatch',
        movement: queryMovement(q, bankAmount, reference),
        detail: MSG_BANK_STAFF.amountMismatch(
          centsToDecimal(bankAmount),
          centsToDecimal(q.amountCents),
        ),
      };
    return { kind: 'verified', movement: queryMovement(q, q.amountCents, reference) };
  }

  // 1010 and 1002: tell the documented variants apart by their message.
  const text = normalizeText(message);
  if (text.includes('no afiliado'))
    return {
      kind: 'refused',
      bankCode: code,
      bankMessage: message,
      detail: MSG_BANK_STAFF.credentialsRefused,
    };
  if (text.includes('ya fue conciliado') || text.includes('conciliado anteriormente'))
    return {
      kind: 'mismatch',
      movement: queryMovement(q, q.amountCents, q.reference),
      detail: MSG_BANK_STAFF.alreadyReconciled,
    };
  // "monto : 120.00 - estatus : Transacción realizada" under 1010: the reference exists with
  // another amount (the manual's "monto/importe errado" example).
  const amountMatch = /monto\s*:\s*([\d.]+)/.exec(text);
  const bankAmount = amountMatch ? amountToCents(amountMatch[1]) : null;
  if (bankAmount !== null && text.includes('realizada'))
    return {
      kind: 'mismatch',
      movement: queryMovement(q, bankAmount, q.reference),
      detail: MSG_BANK_STAFF.amountMismatch(
        centsToDecimal(bankAmount),
        centsToDecimal(q.amountCents),
      ),
    };
  return { kind: 'not_found', bankCode: code, bankMessage: message };
}

/** Banco de Venezuela's connector: verify only. */
export const bdvConnector: BankConnector = {
  provider: 'bdv',
  label: 'Banco de Venezuela — API de Conciliación',
  hosts: ['bdvconciliacion.banvenez.com'],
  credentialFields: [{ name: 'apiKey', label: 'API Key (BDVenLínea Empresas)' }],
  capabilities: { verify: true, charge: false, requestKey: false, notify: false, payout: false },
  verify,
};
