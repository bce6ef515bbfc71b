import { MSG_BANK_REASONS, MSG_BANK_STAFF, type BankReasonKey } from '@domino/contracts';
import type {
  BankConnector,
  BankHttp,
  BankMovement,
  ChargeRequest,
  ChargeResult,
  ConnectorConfig,
  FindChargeResult,
  KeyRequest,
  KeyRequestResult,
  MovementQuery,
  PayoutRequest,
  PayoutResult,
  VerifyResult,
} from '../connector';
import {
  amountToCents,
  asRecord,
  bankCodeFromAny,
  bankCodeToNumber,
  caracasDay,
  centsToDecimal,
  centsToJsonNumber,
  credential,
  declined,
  exchange,
  identification,
  normalizeText,
  phoneToInternational,
  phoneToLocal,
  sameReference,
  str,
} from './common';
import { mercantilDecrypt, mercantilEncrypt } from './mercantil-crypto';

/**
 * Mercantil Banco — API Developer Portal products "Búsqueda de Pagos Móviles" (verify P2C and find a
 * C2P), "Solicitud Clave Pago C2P" (SCP: the bank sends the payer a payment key by SMS), "Botón de
 * Pagos Móviles (C2P) y Vuelto" (charge with the key; payout as "vuelto").
 *
 * Sources:
 * - github.com/apimercantil/api-playground (the bank's own examples): c2p/modules/c2p.js (request
 *   of POST …/v1/payment/c2p, trx_type compra | vuelto | anulacion, payment_method c2p | p2p),
 *   scp/modules/scp.js (POST …/v1/mobile-payment/scp, `transaction_scpInfo`),
 *   search-c2p/modules/searchC2p.js (POST …/v1/mobile-payment/search, `search_by`),
 *   c2p/modules/crypto.js (field encryption, see ./mercantil-crypto.ts), header X-IBM-Client-ID,
 *   body `merchant_identify` { integratorId, merchantId, terminalId } and `client_identify`.
 *   Phones are "58" + 10 digits; cédulas "V12345678"; `destination_*` is the customer (payer of a
 *   compra, payee of a vuelto) and `origin_mobile_number` the merchant's phone.
 * - apiportal.mercantilbanco.com (product pages, "Información General"): X-IBM-Client-Id and the
 *   AES/ECB/PKCS5 rule; the field and error PDFs it links (api_c2p_tipo_de_errores_0.pdf, …) are
 *   not public text, so the error table below is assumed (see MERCANTIL_ERRORS).
 * - Response shapes are not in the playground (it prints whatever comes back). Public
 *   integrations show them: `transaction_c2p_response` { processing_date "2019-09-12 03:07:53
 *   VET", trx_status "approved", trx_type, payment_method, payment_reference, invoice_number,
 *   amount (number), currency, trx_internal_status, authorization_code }; a search answers
 *   `transaction_list` [{ trx_date, trx_type, authorization_code, payment_reference (number),
 *   invoice_number, payment_method, origin_mobile_number, destination_mobile_number,
 *   destination_id (encrypted), currency, amount (number), destination_bank_id (number) }] or
 *   `error_list` [{ error_code: "0330", description: "No hay transacciones que coincidan con los
 *   campos de busqueda" }]. Any refusal is `error_list` [{ error_code, description }].
 *
 * Assumed (documented nowhere public): the SCP success body (we take "no error_list" as sent);
 * that a search accepts an empty `payment_reference` (findCharge searches by day and phone, then
 * picks our invoice number); that the search also lists P2C payments received.
 */

const BASE = '/mercantil-banco/prod/v1';
export const MERCANTIL_PATHS = {
  search: `${BASE}/mobile-payment/search`,
  scp: `${BASE}/mobile-payment/scp`,
  c2p: `${BASE}/payment/c2p`,
} as const;

/** Search entries that are not money received. */
const OUTGOING_TYPES = new Set(['vuelto', 'anulacion']);

/** "No hay transacciones que coincidan con los campos de busqueda" (public sample response). */
const NOT_FOUND_CODE = '0330';

/**
 * Mercantil refusals → the player's reason. The bank's error PDF is not public text, so the
 * table matches the documented `description` wording (accents and case ignored), first hit wins;
 * descriptions quoted in public integrations are marked (seen). `duplicate` is not a decline:
 * "Numero de factura procesado previamente" (seen) means our invoice already went through, so a
 * charge or payout answers `unavailable` and the caller resolves it with a lookup.
 */
const MERCANTIL_ERRORS: readonly { match: RegExp; reason: BankReasonKey | 'duplicate' }[] = [
  { match: /factura procesad[oa] previamente/, reason: 'duplicate' }, // (seen)
  { match: /(clave|segundo factor|twofactor).*(vencid|expirad|caducad)/, reason: 'expiredKey' },
  { match: /(vencid|expirad|caducad).*(clave|segundo factor)/, reason: 'expiredKey' },
  { match: /(clave|segundo factor|twofactor)/, reason: 'invalidKey' }, // "Segundo factor no valida su encriptacion" (seen)
  { match: /(saldo|fondos) insuficiente/, reason: 'insufficientFunds' },
  { match: /limite diario|limite de transacciones|excede.*diari/, reason: 'dailyLimit' },
  { match: /monto.*(limite|maximo|excede)|(limite|maximo).*monto/, reason: 'amountLimit' },
  { match: /afiliad/, reason: 'notAffiliated' },
  { match: /(identificacion|cedula|documento)/, reason: 'wrongIdentification' }, // "Identificacion destino no valida su encriptacion" (seen)
  { match: /(telefono|celular|movil)/, reason: 'wrongPhone' },
  { match: /banco.*(no disponible|fuera de servicio|no responde)/, reason: 'payerBankUnavailable' },
  { match: /horario/, reason: 'outOfHours' },
];

function errorReason(description: string): BankReasonKey | 'duplicate' {
  const text = normalizeText(description);
  return MERCANTIL_ERRORS.find((e) => e.match.test(text))?.reason ?? 'generic';
}

interface MercantilCreds {
  clientId: string;
  secretKey: string;
  merchantId: string;
  integratorId: string;
  terminalId: string;
}

function creds(cfg: ConnectorConfig): MercantilCreds {
  return {
    clientId: credential(cfg, 'clientId'),
    secretKey: credential(cfg, 'secretKey'),
    merchantId: credential(cfg, 'merchantId'),
    integratorId: credential(cfg, 'integratorId'),
    terminalId: credential(cfg, 'terminalId'),
  };
}

/** The envelope every request carries (playground: merchant_identify, client_identify). */
function envelope(c: MercantilCreds): Record<string, unknown> {
  return {
    merchant_identify: {
      integratorId: c.integratorId,
      merchantId: c.merchantId,
      terminalId: c.terminalId,
    },
    client_identify: {
      ipaddress: '127.0.0.1',
      browser_agent: 'domino-server',
      mobile: { manufacturer: 'server' },
    },
  };
}

async function call(
  http: BankHttp,
  operation: string,
  cfg: ConnectorConfig,
  c: MercantilCreds,
  path: string,
  body: Record<string, unknown>,
) {
  return exchange(
    http,
    operation,
    `${cfg.baseUrl}${path}`,
    { 'X-IBM-Client-Id': c.clientId },
    {
      ...envelope(c),
      ...body,
    },
  );
}

/** First entry of `error_list`, or null. */
function firstError(body: Record<string, unknown>): { code: string; description: string } | null {
  const list = body.error_list;
  if (!Array.isArray(list) || list.length === 0) return null;
  const e = asRecord(list[0]);
  return { code: str(e?.error_code) ?? '', description: str(e?.description) ?? '' };
}

/** IBM API Connect's own refusals (bad client id, not subscribed): { httpCode, httpMessage }. */
function gatewayRefusal(status: number, body: Record<string, unknown> | null): boolean {
  return status === 401 || status === 403 || (body !== null && 'httpCode' in body);
}

interface ListEntry {
  reference: string;
  day: string;
  amountCents: number | null;
  invoice: string;
  trxType: string;
  payerPhone: string | null;
  payerIdentification: string | null;
  payerBankCode: string | null;
}

function readList(body: Record<string, unknown>, secretKey: string): ListEntry[] {
  const list = Array.isArray(body.transaction_list) ? body.transaction_list : [];
  return list.flatMap((raw) => {
    const e = asRecord(raw);
    if (!e) return [];
    const phone = str(e.destination_mobile_number);
    const id = str(e.destination_id);
    const decryptedPhone = phone ? mercantilDecrypt(phone, secretKey) : null;
    return [
      {
        reference: str(e.payment_reference) ?? '',
        day: (str(e.trx_date) ?? '').slice(0, 10),
        amountCents: amountToCents(e.amount),
        invoice: str(e.invoice_number) ?? '',
        trxType: str(e.trx_type) ?? '',
        payerPhone: decryptedPhone ? phoneToLocal(decryptedPhone) : null,
        payerIdentification: id ? mercantilDecrypt(id, secretKey) : null,
        payerBankCode: bankCodeFromAny(e.destination_bank_id),
      },
    ];
  });
}

function searchBody(
  c: MercantilCreds,
  cfg: ConnectorConfig,
  amountCents: number,
  payerPhone: string,
  reference: string,
  day: string,
): Record<string, unknown> {
  return {
    search_by: {
      amount: centsToJsonNumber(amountCents),
      currency: 'ves',
      destination_mobile_number: mercantilEncrypt(phoneToInternational(payerPhone), c.secretKey),
      origin_mobile_number: mercantilEncrypt(phoneToInternational(cfg.account.phone), c.secretKey),
      payment_reference: reference,
      trx_date: day,
    },
  };
}

/** P2C: finds the player's Pago Móvil with the mobile-payment search. */
async function verify(
  cfg: ConnectorConfig,
  q: MovementQuery,
  http: BankHttp,
): Promise<VerifyResult> {
  const c = creds(cfg);
  const res = await call(
    http,
    'mercantil.search',
    cfg,
    c,
    MERCANTIL_PATHS.search,
    searchBody(c, cfg, q.amountCents, q.payerPhone, q.reference, q.day),
  );
  if (!res.ok) return { kind: 'unavailable', detail: res.detail };
  const body = asRecord(res.json);
  if (gatewayRefusal(res.status, body) || !body)
    return {
      kind: 'refused',
      bankCode: String(res.status),
      detail: MSG_BANK_STAFF.credentialsRefused,
    };
  const error = firstError(body);
  if (error) {
    if (error.code === NOT_FOUND_CODE)
      return { kind: 'not_found', bankCode: error.code, bankMessage: error.description };
    return {
      kind: 'refused',
      bankCode: error.code,
      bankMessage: error.description,
      detail: MSG_BANK_STAFF.badRequest,
    };
  }
  if (!Array.isArray(body.transaction_list))
    return { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  // Only money received counts: a "vuelto" (our payout) or an "anulacion" listed under the same
  // reference must never verify a recharge.
  const candidates = readList(body, c.secretKey).filter(
    (e) => !OUTGOING_TYPES.has(e.trxType) && sameReference(e.reference, q.reference),
  );
  if (candidates.length === 0) return { kind: 'not_found' };
  const toMovement = (e: ListEntry): BankMovement => ({
    reference: e.reference,
    day: e.day || q.day,
    amountCents: e.amountCents ?? q.amountCents,
    payerPhone: e.payerPhone ?? q.payerPhone,
    payerBankCode: e.payerBankCode ?? q.payerBankCode,
    payerIdentification: e.payerIdentification,
  });
  const exact = candidates.find(
    (e) =>
      e.amountCents === q.amountCents &&
      (e.day === '' || e.day === q.day) &&
      (e.payerPhone === null || e.payerPhone === q.payerPhone),
  );
  if (exact) return { kind: 'verified', movement: toMovement(exact) };
  const other = toMovement(candidates[0]!);
  const detail =
    other.amountCents !== q.amountCents
      ? MSG_BANK_STAFF.amountMismatch(
          centsToDecimal(other.amountCents),
          centsToDecimal(q.amountCents),
        )
      : other.day !== q.day
        ? MSG_BANK_STAFF.dayMismatch(other.day, q.day)
        : MSG_BANK_STAFF.phoneMismatch;
  return { kind: 'mismatch', movement: other, detail };
}

/** SCP: asks Mercantil to send the payer a C2P payment key by SMS. */
async function requestKey(
  cfg: ConnectorConfig,
  r: KeyRequest,
  http: BankHttp,
): Promise<KeyRequestResult> {
  const c = creds(cfg);
  const res = await call(http, 'mercantil.scp', cfg, c, MERCANTIL_PATHS.scp, {
    transaction_scpInfo: {
      destination_id: mercantilEncrypt(
        identification(r.payerTypeIdentification, r.payerNIdentification),
        c.secretKey,
      ),
      destination_mobile_number: mercantilEncrypt(phoneToInternational(r.payerPhone), c.secretKey),
    },
  });
  if (!res.ok) return { kind: 'unavailable', detail: res.detail };
  const body = asRecord(res.json);
  if (gatewayRefusal(res.status, body) || !body)
    return declined(String(res.status), MSG_BANK_STAFF.credentialsRefused, 'generic');
  const error = firstError(body);
  if (error) {
    const reason = errorReason(error.description);
    return declined(error.code, error.description, reason === 'duplicate' ? 'generic' : reason);
  }
  return { kind: 'sent' };
}

function c2pBody(
  c: MercantilCreds,
  cfg: ConnectorConfig,
  kind: 'compra' | 'vuelto',
  fields: {
    invoice: string;
    amountCents: number;
    phone: string;
    idType: string;
    idNumber: string;
    bankCode: string;
    paymentKey?: string;
  },
): Record<string, unknown> {
  return {
    transaction_c2p: {
      amount: centsToJsonNumber(fields.amountCents),
      currency: 'ves',
      destination_bank_id: bankCodeToNumber(fields.bankCode),
      destination_id: mercantilEncrypt(identification(fields.idType, fields.idNumber), c.secretKey),
      destination_mobile_number: mercantilEncrypt(phoneToInternational(fields.phone), c.secretKey),
      origin_mobile_number: mercantilEncrypt(phoneToInternational(cfg.account.phone), c.secretKey),
      payment_reference: '',
      trx_type: kind,
      payment_method: kind === 'vuelto' ? 'p2p' : 'c2p',
      invoice_number: fields.invoice,
      twofactor_auth:
        kind === 'compra' && fields.paymentKey
          ? mercantilEncrypt(fields.paymentKey, c.secretKey)
          : '',
    },
  };
}

type C2pOutcome =
  | { kind: 'approved'; reference: string; day: string; amountCents: number | null }
  | { kind: 'declined'; bankCode: string; bankMessage: string; reason: string }
  | { kind: 'unavailable'; detail: string };

async function postC2p(
  http: BankHttp,
  operation: string,
  cfg: ConnectorConfig,
  c: MercantilCreds,
  body: Record<string, unknown>,
): Promise<C2pOutcome> {
  const res = await call(http, operation, cfg, c, MERCANTIL_PATHS.c2p, body);
  if (!res.ok) return { kind: 'unavailable', detail: res.detail };
  const json = asRecord(res.json);
  if (gatewayRefusal(res.status, json) || !json)
    return declined(String(res.status), MSG_BANK_STAFF.credentialsRefused, 'generic');
  const error = firstError(json);
  if (error) {
    const reason = errorReason(error.description);
    if (reason === 'duplicate') return { kind: 'unavailable', detail: error.description };
    return declined(error.code, error.description, reason);
  }
  const trx = asRecord(json.transaction_c2p_response);
  if (!trx) return { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  const status = str(trx.trx_status) ?? '';
  if (status !== 'approved') {
    const code = str(trx.trx_internal_status) ?? status;
    return declined(code, status, 'generic');
  }
  const reference = str(trx.payment_reference);
  if (!reference) return { kind: 'unavailable', detail: MSG_BANK_STAFF.unexpected };
  const processed = /^\d{4}-\d{2}-\d{2}/.exec(str(trx.processing_date) ?? '')?.[0];
  return {
    kind: 'approved',
    reference,
    day: processed ?? caracasDay(),
    amountCents: amountToCents(trx.amount),
  };
}

/** C2P "compra": charges the payer with the key their bank sent them. */
async function charge(
  cfg: ConnectorConfig,
  r: ChargeRequest,
  http: BankHttp,
): Promise<ChargeResult> {
  const c = creds(cfg);
  const out = await postC2p(
    http,
    'mercantil.c2p',
    cfg,
    c,
    c2pBody(c, cfg, 'compra', {
      invoice: r.invoice,
      amountCents: r.amountCents,
      phone: r.payerPhone,
      idType: r.payerTypeIdentification,
      idNumber: r.payerNIdentification,
      bankCode: r.payerBankCode,
      paymentKey: r.paymentKey,
    }),
  );
  if (out.kind !== 'approved') return out;
  if (out.amountCents !== null && out.amountCents !== r.amountCents)
    // The bank approved another amount than we asked: never credit it blindly.
    return {
      kind: 'unavailable',
      detail: MSG_BANK_STAFF.amountMismatch(
        centsToDecimal(out.amountCents),
        centsToDecimal(r.amountCents),
      ),
    };
  return {
    kind: 'approved',
    movement: {
      reference: out.reference,
      day: out.day,
      amountCents: r.amountCents,
      payerPhone: r.payerPhone,
      payerBankCode: r.payerBankCode,
      payerIdentification: identification(r.payerTypeIdentification, r.payerNIdentification),
    },
  };
}

/**
 * Finds a C2P charge by our invoice number (after an `unavailable` charge): searches today and
 * yesterday (Caracas) by payer phone and amount, then picks the "compra" with our invoice.
 */
async function findCharge(
  cfg: ConnectorConfig,
  r: ChargeRequest,
  http: BankHttp,
): Promise<FindChargeResult> {
  const c = creds(cfg);
  const today = caracasDay();
  const yesterday = caracasDay(new Date(Date.now() - 86_400_000));
  for (const day of today === yesterday ? [today] : [today, yesterday]) {
    const res = await call(
      http,
      'mercantil.search',
      cfg,
      c,
      MERCANTIL_PATHS.search,
      searchBody(c, cfg, r.amountCents, r.payerPhone, '', day),
    );
    if (!res.ok) return { kind: 'unavailable', detail: res.detail };
    const body = asRecord(res.json);
    if (gatewayRefusal(res.status, body) || !body)
      return { kind: 'unavailable', detail: MSG_BANK_STAFF.credentialsRefused };
    const error = firstError(body);
    if (error && error.code !== NOT_FOUND_CODE)
      return { kind: 'unavailable', detail: error.description };
    const hit = readList(body, c.secretKey).find(
      (e) => e.invoice === r.invoice && (e.trxType === '' || e.trxType === 'compra'),
    );
    if (hit)
      return {
        kind: 'found',
        movement: {
          reference: hit.reference,
          day: hit.day || day,
          amountCents: hit.amountCents ?? r.amountCents,
          payerPhone: hit.payerPhone ?? r.payerPhone,
          payerBankCode: hit.payerBankCode ?? r.payerBankCode,
          payerIdentification:
            hit.payerIdentification ??
            identification(r.payerTypeIdentification, r.payerNIdentification),
        },
      };
  }
  return { kind: 'not_found' };
}

/** Payout: a "vuelto" (outgoing Pago Móvil, payment_method p2p) to the player. */
async function payout(
  cfg: ConnectorConfig,
  p: PayoutRequest,
  http: BankHttp,
): Promise<PayoutResult> {
  const c = creds(cfg);
  const out = await postC2p(
    http,
    'mercantil.vuelto',
    cfg,
    c,
    c2pBody(c, cfg, 'vuelto', {
      invoice: p.invoice,
      amountCents: p.amountCents,
      phone: p.payeePhone,
      idType: p.payeeTypeIdentification,
      idNumber: p.payeeNIdentification,
      bankCode: p.payeeBankCode,
    }),
  );
  if (out.kind === 'approved') return { kind: 'paid', reference: out.reference };
  if (out.kind === 'declined' && out.reason === MSG_BANK_REASONS.insufficientFunds)
    // Our own account lacks funds: the player is told we will look into it, not about their account.
    return { ...out, reason: MSG_BANK_REASONS.platformUnavailable };
  return out;
}

/** Mercantil's connector: verify, SCP key, C2P charge and search, vuelto payout. */
export const mercantilConnector: BankConnector = {
  provider: 'mercantil',
  label: 'Mercantil Banco — API de Pagos Móviles (C2P, búsqueda y vuelto)',
  hosts: ['apimbu.mercantilbanco.com'],
  credentialFields: [
    { name: 'clientId', label: 'Client ID (X-IBM-Client-Id)' },
    { name: 'secretKey', label: 'Clave secreta de cifrado' },
    { name: 'merchantId', label: 'Código de comercio (merchantId)' },
    { name: 'integratorId', label: 'ID de integrador (integratorId)' },
    { name: 'terminalId', label: 'ID de terminal (terminalId)' },
  ],
  capabilities: { verify: true, charge: true, requestKey: true, notify: false, payout: true },
  verify,
  requestKey,
  charge,
  findCharge,
  payout,
};
