import { createHmac } from 'node:crypto';
import { MSG_BANK_REASONS, MSG_BANK_STAFF, type BankReasonKey } from '@domino/contracts';
import type {
  BankConnector,
  BankHttp,
  ConnectorConfig,
  IncomingNotification,
  NotificationResult,
  PayoutRequest,
  PayoutResult,
} from '../connector';
import {
  amountToCents,
  asRecord,
  caracasDay,
  centsToDecimal,
  credential,
  declined,
  exchange,
  identification,
  parseJson,
  phoneToLocal,
  safeEqual,
  str,
} from './common';

/**
 * R4 Banco Microfinanciero — "R4 Conecta": the bank pushes each Pago Móvil received to the
 * merchant (R4notifica), asks before crediting one (R4consulta), and sends Pago Móvil on the
 * merchant's behalf (MBvuelto).
 *
 * Sources. R4 hands its manual ("R4 CONECTA V3.0", PDF) to affiliated merchants; it is not
 * published. What follows is what several public integrations quote from it, page by page, and
 * agree on (search "R4notifica" / "MBvuelto" / "r4conecta.mibanco.com.ve" in public code):
 * - Outgoing calls: `POST https://r4conecta.mibanco.com.ve/<Endpoint>`, headers
 *   `Authorization: hex(HMAC-SHA256(key = commerce token, data = fields concatenated))` and
 *   `Commerce: <commerce token>`. MBvuelto signs TelefonoDestino + Monto + Banco + Cedula; body
 *   { TelefonoDestino "04145555555", Cedula "V12345678", Banco "0105", Monto "1.15", Concepto };
 *   answer { code: "00", message: "TRANSACCION EXITOSA", reference } or { code, message }.
 * - Incoming R4notifica (manual pp. 7 and 9 as quoted): body { IdComercio, TelefonoComercio,
 *   TelefonoEmisor, Concepto, BancoEmisor, Monto "10.00", FechaHora (ISO 8601), Referencia,
 *   CodigoRed }; authenticated by `Authorization: <UUID the merchant registered>` (plus the
 *   bank's IP allow-list); NOT HMAC-signed; answer { abono: true }.
 * - Incoming R4consulta: { IdCliente, Monto, TelefonoComercio } before the bank credits a payment;
 *   answer { status: true } to accept it ({ status: false } makes the bank reverse the payment).
 *
 * So the notification check is a constant-time comparison of the registered token, not an HMAC
 * signature: the protocol has no signature and no timestamp header, hence no replay window. A
 * replayed notification is harmless: a movement credits at most once (unique bank + reference +
 * day + amount in the database). Verify and C2P are not implemented: the quoted manual has no
 * lookup by reference for received payments, and its C2P signature string is quoted
 * inconsistently (with and without a leading space).
 */

export const R4_PATHS = { vuelto: '/MBvuelto' } as const;

/** R4 answer codes → outcome (manual as quoted, plus the ISO 20022 codes its network returns). */
const R4_CODES: Record<string, BankReasonKey | 'ok' | 'pending'> = {
  '00': 'ok', // TRANSACCION EXITOSA
  ACCP: 'ok', // Transacción exitosa
  AC00: 'pending', // En espera de respuesta del banco
  '08': 'generic', // TOKEN inválido (our commerce token: staff see the code)
  '15': 'generic', // Llave errónea (our HMAC key)
  '30': 'invalidData', // Error en formato
  '41': 'payerBankUnavailable', // Transacción no permitida, banco fuera de servicio
  '51': 'insufficientFunds', // Insuficiencia de fondos
  AM04: 'insufficientFunds', // Saldo insuficiente
  '56': 'wrongPhone', // Número de celular no coincide
  '80': 'wrongIdentification', // Documento de identificación errado
  BE01: 'wrongIdentity', // Datos del cliente no corresponden a la cuenta
  AC01: 'invalidData', // Número de cuenta incorrecto
  MD15: 'invalidData', // Monto incorrecto
  MD01: 'notAffiliated', // No posee afiliación
  VE01: 'outOfHours', // Fuera del horario permitido
  TKCM: 'invalidKey', // Código OTP inválido
};

/** The hex HMAC-SHA256 R4 expects in `Authorization` for an outgoing call. */
export function r4Signature(data: string, commerceToken: string): string {
  return createHmac('sha256', commerceToken).update(data, 'utf8').digest('hex');
}

/** Payout: MBvuelto, an outgoing Pago Móvil from the merchant's account. */
async function payout(
  cfg: ConnectorConfig,
  p: PayoutRequest,
  http: BankHttp,
): Promise<PayoutResult> {
  const token = credential(cfg, 'commerceToken');
  const monto = centsToDecimal(p.amountCents);
  const cedula = identification(p.payeeTypeIdentification, p.payeeNIdentification);
  const res = await exchange(
    http,
    'r4.MBvuelto',
    `${cfg.baseUrl}${R4_PATHS.vuelto}`,
    {
      Authorization: r4Signature(`${p.payeePhone}${monto}${p.payeeBankCode}${cedula}`, token),
      Commerce: token,
    },
    {
      TelefonoDestino: p.payeePhone,
      Cedula: cedula,
      Banco: p.payeeBankCode,
      Monto: monto,
      Concepto: p.concept.slice(0, 30),
    },
  );
  if (!res.ok) return { kind: 'unavailable', detail: res.detail };
  const body = asRecord(res.json);
  const code = str(body?.code);
  if (!body || code === null) return { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  const message = str(body.message) ?? '';
  const outcome = R4_CODES[code] ?? 'generic';
  if (outcome === 'ok') {
    const reference = str(body.reference);
    return reference
      ? { kind: 'paid', reference }
      : { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  }
  if (outcome === 'pending') return { kind: 'unavailable', detail: MSG_BANK_STAFF.pending };
  // Insufficient funds on a payout are the platform's, not the player's.
  return declined(code, message, outcome === 'insufficientFunds' ? 'platformUnavailable' : outcome);
}

function header(n: IncomingNotification, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(n.headers))
    if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/**
 * Reads one incoming R4 call (R4notifica or R4consulta). The `Authorization` header must equal the
 * registered `webhookToken` (constant time); the body must be the documented JSON.
 */
function notification(cfg: ConnectorConfig, n: IncomingNotification): NotificationResult {
  const expected = credential(cfg, 'webhookToken');
  const presented = header(n, 'authorization') ?? '';
  if (!safeEqual(presented.replace(/^Bearer\s+/i, ''), expected)) return { kind: 'bad_signature' };
  const body = asRecord(parseJson(n.rawBody.toString('utf8')));
  if (!body) return { kind: 'malformed', detail: MSG_BANK_STAFF.unreadable };

  // R4consulta: the bank asks whether to accept an incoming payment. We accept every one; the
  // credit happens on R4notifica (and only once).
  if ('IdCliente' in body && !('Referencia' in body))
    return { kind: 'ignored', reply: { status: true } };

  const reference = str(body.Referencia);
  const amountCents = amountToCents(body.Monto);
  const payerPhone = str(body.TelefonoEmisor);
  const payerBank = str(body.BancoEmisor);
  const merchantPhone = str(body.TelefonoComercio);
  const at = str(body.FechaHora);
  const when = at ? new Date(at) : null;
  if (
    !reference ||
    amountCents === null ||
    amountCents <= 0 ||
    !payerPhone ||
    !/^\d{3,4}$/.test(payerBank ?? '') ||
    !merchantPhone ||
    !when ||
    Number.isNaN(when.getTime())
  )
    return { kind: 'malformed', detail: MSG_BANK_STAFF.unexpected };
  if (phoneToLocal(merchantPhone) !== phoneToLocal(cfg.account.phone))
    return { kind: 'ignored', reply: { abono: false } };
  return {
    kind: 'movement',
    movement: {
      reference,
      day: caracasDay(when),
      amountCents,
      payerPhone: phoneToLocal(payerPhone),
      payerBankCode: payerBank!.padStart(4, '0'),
      payerIdentification: null,
    },
    reply: { abono: true },
  };
}

/** R4's connector: notifications (R4notifica / R4consulta) and payouts (MBvuelto). */
export const r4Connector: BankConnector = {
  provider: 'r4',
  label: 'R4 Banco Microfinanciero — R4 Conecta',
  hosts: ['r4conecta.mibanco.com.ve'],
  credentialFields: [
    { name: 'commerceToken', label: 'Token de comercio (Commerce)' },
    { name: 'webhookToken', label: 'Token de notificaciones (Authorization, UUID)' },
  ],
  capabilities: { verify: false, charge: false, requestKey: false, notify: true, payout: true },
  payout,
  notification,
};

/** Exposed for the tests: the player's sentence for an R4 code. */
export function r4Reason(code: string): string {
  const outcome = R4_CODES[code] ?? 'generic';
  return outcome === 'ok' || outcome === 'pending' ? '' : MSG_BANK_REASONS[outcome];
}
