import { randomUUID } from 'node:crypto';
import {
  amountToCents,
  asRecord,
  bankCodeFromAny,
  bankCodeToNumber,
  caracasDay,
  centsToDecimal,
  centsToJsonNumber,
  phoneToLocal,
  safeEqual,
  sameReference,
  str,
} from '../providers/common';
import { mercantilDecrypt, mercantilEncrypt } from '../providers/mercantil-crypto';
import { r4Signature } from '../providers/r4';
import type { DeclineKind, SimMovement, SimulatorSecrets, SimulatorState } from './state';

/**
 * The bank side of each provider's protocol, as Banco de pruebas answers it (decision 052). The
 * request and answer shapes are the ones ../providers/*.ts cite; where a bank's real error codes
 * are not public (Mercantil), the codes here are the simulator's own and only the documented
 * `error_list` shape and wording style are copied.
 */

export interface BankRequest {
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export interface BankAnswer {
  status: number;
  body: unknown;
}

export interface ProtocolContext {
  state: SimulatorState;
  secrets: SimulatorSecrets;
  /** How long a payment key stays valid, ms. */
  keyTtlMs: number;
  /** BDV: repeated successful lookups within this window still answer 1000 (manual: 30 s). */
  bdvRepeatWindowMs: number;
}

function headerOf(req: BankRequest, name: string): string {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

// ---------------------------------------------------------------------------------------------
// Banco de Venezuela — getMovement
// ---------------------------------------------------------------------------------------------

/** POST /getMovement and /getMovement/v2 (see ../providers/bdv.ts for the source). */
export function bdvGetMovement(ctx: ProtocolContext, req: BankRequest): BankAnswer {
  const notAffiliated = {
    status: 200,
    body: { code: 1010, message: 'Cliente no afiliado al producto', data: null, status: 200 },
  };
  if (!safeEqual(headerOf(req, 'x-api-key'), ctx.secrets.bdv.apiKey)) return notAffiliated;
  const b = asRecord(req.body);
  const fields = [
    'telefonoPagador',
    'telefonoDestino',
    'referencia',
    'fechaPago',
    'importe',
    'bancoOrigen',
  ];
  if (!b || fields.some((f) => typeof b[f] !== 'string'))
    return {
      status: 400,
      body: {
        timestamp: new Date().toISOString(),
        path: '/getMovement',
        status: 400,
        error: 'Bad Request',
        requestId: randomUUID().slice(0, 10),
      },
    };
  const declared = amountToCents(b.importe);
  const m = ctx.state.movements.find(
    (x) =>
      x.provider === 'bdv' &&
      x.kind === 'p2c' &&
      sameReference(x.reference, String(b.referencia)) &&
      x.day === b.fechaPago &&
      x.payerPhone === phoneToLocal(String(b.telefonoPagador)) &&
      x.payerBankCode === bankCodeFromAny(b.bancoOrigen) &&
      x.accountPhone === phoneToLocal(String(b.telefonoDestino)),
  );
  if (!m)
    return {
      status: 200,
      body: {
        code: 1010,
        message: 'No se pudo validar el movimiento : Registro solicitado no existe',
        data: null,
        status: 200,
      },
    };
  const now = Date.now();
  if (m.reconciledAt !== null && now - m.reconciledAt > ctx.bdvRepeatWindowMs)
    return {
      status: 200,
      body: {
        code: 1010,
        message:
          'Pago Móvil procesado exitosamente en el BDV. El movimiento ya fue conciliado anteriormente.',
        data: null,
        status: 200,
      },
    };
  const amount = centsToDecimal(ctx.state.reported(m));
  if (ctx.state.reported(m) !== declared)
    return {
      status: 200,
      body: {
        code: 1010,
        message: `monto : ${amount} - estatus : Transacción realizada`,
        data: null,
        status: 200,
      },
    };
  m.reconciledAt ??= now;
  return {
    status: 200,
    body: {
      code: 1000,
      message: `monto : ${amount} - estatus : Transacción realizada`,
      data: { status: '1000', amount, reason: 'Transacción realizada', referencia: m.reference },
      status: 200,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Mercantil — mobile-payment search, SCP, C2P (compra / vuelto)
// ---------------------------------------------------------------------------------------------

/** The simulator's own Mercantil codes (the bank's list is not public) and their wording. */
const MERCANTIL_SIM_ERRORS: Record<
  DeclineKind | 'duplicate' | 'encryption' | 'merchant',
  [string, string]
> = {
  invalid_key: ['0120', 'Clave de pago invalida'],
  expired_key: ['0121', 'Clave de pago vencida'],
  insufficient_funds: ['0051', 'Saldo insuficiente en la cuenta del pagador'],
  wrong_identification: ['0080', 'Identificacion del pagador no coincide'],
  wrong_phone: ['0056', 'Telefono del pagador no coincide'],
  daily_limit: ['0061', 'Excede el limite diario de transacciones'],
  bank_unavailable: ['0041', 'Banco del pagador no disponible'],
  duplicate: ['0310', 'Numero de factura procesado previamente'],
  encryption: ['0098', 'Identificacion destino no valida su encriptacion'],
  merchant: ['0001', 'Comercio no afiliado'],
};

function mercantilError(kind: keyof typeof MERCANTIL_SIM_ERRORS, merchant: unknown): BankAnswer {
  const [code, description] = MERCANTIL_SIM_ERRORS[kind];
  return {
    status: 200,
    body: {
      processing_date: `${caracasDay()} 00:00:00 VET`,
      merchant_identify: merchant,
      error_list: [{ error_code: code, description }],
    },
  };
}

/** Checks X-IBM-Client-Id and merchant_identify; returns a refusal or the parsed body. */
function mercantilGate(
  ctx: ProtocolContext,
  req: BankRequest,
): { refusal: BankAnswer } | { body: Record<string, unknown>; merchant: unknown } {
  if (!safeEqual(headerOf(req, 'x-ibm-client-id'), ctx.secrets.mercantil.clientId))
    return {
      refusal: {
        status: 401,
        body: {
          httpCode: '401',
          httpMessage: 'Unauthorized',
          moreInformation: 'Invalid client id or secret.',
        },
      },
    };
  const body = asRecord(req.body);
  const merchant = asRecord(body?.merchant_identify);
  if (!body || str(merchant?.merchantId) !== ctx.secrets.mercantil.merchantId)
    return { refusal: mercantilError('merchant', merchant) };
  return { body, merchant };
}

function decrypt(ctx: ProtocolContext, value: unknown): string | null {
  const text = str(value);
  return text ? mercantilDecrypt(text, ctx.secrets.mercantil.secretKey) : null;
}

function encrypt(ctx: ProtocolContext, value: string): string {
  return mercantilEncrypt(value, ctx.secrets.mercantil.secretKey);
}

function mercantilEntry(ctx: ProtocolContext, m: SimMovement): Record<string, unknown> {
  return {
    trx_date: m.day,
    trx_type: m.kind === 'payout' ? 'vuelto' : 'compra',
    authorization_code: m.reference.slice(-6),
    payment_reference: Number(m.reference),
    invoice_number: m.invoice ?? '',
    payment_method: m.kind === 'c2p' ? 'c2p' : m.kind === 'payout' ? 'p2p' : 'p2c',
    origin_mobile_number: encrypt(ctx, `58${m.accountPhone.slice(1)}`),
    destination_mobile_number: encrypt(ctx, `58${m.payerPhone.slice(1)}`),
    destination_id: encrypt(ctx, m.payerIdentification ?? ''),
    currency: 'ves',
    amount: centsToJsonNumber(ctx.state.reported(m)),
    destination_bank_id: bankCodeToNumber(m.payerBankCode),
  };
}

/** POST …/v1/mobile-payment/search. */
export function mercantilSearch(ctx: ProtocolContext, req: BankRequest): BankAnswer {
  const gate = mercantilGate(ctx, req);
  if ('refusal' in gate) return gate.refusal;
  const by = asRecord(gate.body.search_by);
  const phone = decrypt(ctx, by?.destination_mobile_number);
  if (!by || !phone) return mercantilError('encryption', gate.merchant);
  const reference = str(by.payment_reference) ?? '';
  const list = ctx.state.movements.filter(
    (m) =>
      m.provider === 'mercantil' &&
      m.kind !== 'payout' &&
      m.day === str(by.trx_date) &&
      m.payerPhone === phoneToLocal(phone) &&
      (reference === '' || sameReference(m.reference, reference)),
  );
  if (list.length === 0)
    return {
      status: 200,
      body: {
        processing_date: `${caracasDay()} 00:00:00 VET`,
        merchant_identify: gate.merchant,
        error_list: [
          {
            error_code: '0330',
            description: 'No hay transacciones que coincidan con los campos de busqueda',
          },
        ],
      },
    };
  return {
    status: 200,
    body: {
      merchant_identify: gate.merchant,
      transaction_list: list.map((m) => mercantilEntry(ctx, m)),
    },
  };
}

/** POST …/v1/mobile-payment/scp: "sends" the payer an 8-digit key by SMS. */
export function mercantilScp(ctx: ProtocolContext, req: BankRequest): BankAnswer {
  const gate = mercantilGate(ctx, req);
  if ('refusal' in gate) return gate.refusal;
  const info = asRecord(gate.body.transaction_scpInfo);
  const id = decrypt(ctx, info?.destination_id);
  const phone = decrypt(ctx, info?.destination_mobile_number);
  if (!id || !phone) return mercantilError('encryption', gate.merchant);
  const decline = ctx.state.faulty('mercantil') ? ctx.state.faults.keyDecline : null;
  if (decline) return mercantilError(decline, gate.merchant);
  ctx.state.issueKey('mercantil', phoneToLocal(phone), id);
  // The real success body is not public; the simulator answers a minimal approval.
  return {
    status: 200,
    body: {
      merchant_identify: gate.merchant,
      processing_date: `${caracasDay()} 00:00:00 VET`,
      trx_status: 'approved',
    },
  };
}

/** POST …/v1/payment/c2p: trx_type "compra" (charge with a key) or "vuelto" (payout). */
export function mercantilC2p(ctx: ProtocolContext, req: BankRequest): BankAnswer {
  const gate = mercantilGate(ctx, req);
  if ('refusal' in gate) return gate.refusal;
  const t = asRecord(gate.body.transaction_c2p);
  const id = decrypt(ctx, t?.destination_id);
  const phone = decrypt(ctx, t?.destination_mobile_number);
  const origin = decrypt(ctx, t?.origin_mobile_number);
  const amountCents = amountToCents(t?.amount);
  const bankCode = bankCodeFromAny(t?.destination_bank_id);
  const invoice = str(t?.invoice_number) ?? '';
  const kind = str(t?.trx_type);
  if (
    !t ||
    !id ||
    !phone ||
    !origin ||
    amountCents === null ||
    amountCents <= 0 ||
    !bankCode ||
    !invoice
  )
    return mercantilError('encryption', gate.merchant);
  if (kind !== 'compra' && kind !== 'vuelto') return mercantilError('merchant', gate.merchant);
  const movementKind = kind === 'compra' ? 'c2p' : 'payout';
  if (
    ctx.state.movements.some(
      (m) => m.provider === 'mercantil' && m.invoice === invoice && m.kind === movementKind,
    )
  )
    return mercantilError('duplicate', gate.merchant);
  const faults = ctx.state.faulty('mercantil') ? ctx.state.faults : null;
  const payerPhone = phoneToLocal(phone);
  if (kind === 'compra') {
    if (faults?.chargeDecline) return mercantilError(faults.chargeDecline, gate.merchant);
    const key = decrypt(ctx, t.twofactor_auth);
    const issued = ctx.state.keys.filter(
      (k) => k.provider === 'mercantil' && k.phone === payerPhone && !k.used && k.key === key,
    );
    const live = issued.find((k) => Date.now() - k.issuedAt <= ctx.keyTtlMs);
    if (!live)
      return mercantilError(issued.length > 0 ? 'expired_key' : 'invalid_key', gate.merchant);
    if (live.identification !== id) return mercantilError('wrong_identification', gate.merchant);
    live.used = true;
  } else if (faults?.payoutDecline) return mercantilError(faults.payoutDecline, gate.merchant);
  const m: SimMovement = {
    provider: 'mercantil',
    kind: movementKind,
    reference: ctx.state.nextReference(),
    day: caracasDay(),
    amountCents,
    payerPhone,
    payerBankCode: bankCode,
    payerIdentification: id,
    accountPhone: phoneToLocal(origin),
    invoice,
    createdAt: Date.now(),
    reconciledAt: null,
  };
  ctx.state.movements.push(m);
  return {
    status: 200,
    body: {
      merchant_identify: gate.merchant,
      transaction_c2p_response: {
        processing_date: `${m.day} 12:00:00 VET`,
        trx_status: 'approved',
        trx_type: kind,
        payment_method: kind === 'compra' ? 'c2p' : 'p2p',
        payment_reference: m.reference,
        invoice_number: invoice,
        amount: centsToJsonNumber(ctx.state.reported(m)),
        currency: 'ves',
        trx_internal_status: '00',
        authorization_code: m.reference.slice(-6),
      },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// R4 Conecta — MBvuelto (payout) and the R4notifica push
// ---------------------------------------------------------------------------------------------

const R4_SIM_DECLINES: Record<DeclineKind, [string, string]> = {
  invalid_key: ['TKCM', 'Codigo OTP inválido'],
  expired_key: ['TKCM', 'Codigo OTP inválido'],
  insufficient_funds: ['51', 'Insuficiencia de Fondos'],
  wrong_identification: ['80', 'Documento de identificación errado'],
  wrong_phone: ['56', 'Numero de celular no coincide'],
  daily_limit: ['VE01', 'Fuera del horario permitido'],
  bank_unavailable: ['41', 'Transaccipon no permitida Banco fuera de servicio'],
};

/** POST /MBvuelto: an outgoing Pago Móvil, HMAC-signed by the merchant. */
export function r4Vuelto(ctx: ProtocolContext, req: BankRequest): BankAnswer {
  const { commerceToken } = ctx.secrets.r4;
  if (!safeEqual(headerOf(req, 'commerce'), commerceToken))
    return { status: 401, body: { code: '08', message: 'TOKEN inválido' } };
  const b = asRecord(req.body);
  const phone = str(b?.TelefonoDestino) ?? '';
  const cedula = str(b?.Cedula) ?? '';
  const bank = str(b?.Banco) ?? '';
  const monto = str(b?.Monto) ?? '';
  const expected = r4Signature(`${phone}${monto}${bank}${cedula}`, commerceToken);
  if (!safeEqual(headerOf(req, 'authorization'), expected))
    return { status: 401, body: { code: '15', message: 'Llave Erronea' } };
  const amountCents = amountToCents(monto);
  if (
    !/^0\d{10}$/.test(phone) ||
    !/^[VEJPG]\d{5,9}$/.test(cedula) ||
    !/^\d{4}$/.test(bank) ||
    !/^\d{1,8}\.\d{2}$/.test(monto) ||
    amountCents === null ||
    amountCents <= 0
  )
    return { status: 400, body: { code: '30', message: 'Error en formato:30' } };
  const decline = ctx.state.faulty('r4') ? ctx.state.faults.payoutDecline : null;
  if (decline) {
    const [code, message] = R4_SIM_DECLINES[decline];
    return { status: 200, body: { code, message } };
  }
  const m: SimMovement = {
    provider: 'r4',
    kind: 'payout',
    reference: ctx.state.nextReference().slice(-8),
    day: caracasDay(),
    amountCents,
    payerPhone: phone,
    payerBankCode: bank,
    payerIdentification: cedula,
    accountPhone: '',
    invoice: null,
    createdAt: Date.now(),
    reconciledAt: null,
  };
  ctx.state.movements.push(m);
  return {
    status: 200,
    body: { message: 'TRANSACCION EXITOSA', code: '00', reference: m.reference },
  };
}

/** The R4notifica body for a P2C received, as R4 pushes it (../providers/r4.ts). */
export function r4NotificaBody(ctx: ProtocolContext, m: SimMovement): Record<string, unknown> {
  return {
    IdComercio: 'J500000001',
    TelefonoComercio: m.accountPhone,
    TelefonoEmisor: m.payerPhone,
    Concepto: 'Pago Movil',
    BancoEmisor: m.payerBankCode,
    Monto: centsToDecimal(ctx.state.reported(m)),
    FechaHora:
      caracasDay(new Date(m.createdAt)) === m.day
        ? new Date(m.createdAt).toISOString()
        : `${m.day}T12:00:00.000-04:00`,
    Referencia: m.reference,
    CodigoRed: '00',
  };
}
