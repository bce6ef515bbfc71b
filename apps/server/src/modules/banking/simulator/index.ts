import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { BANK_PROVIDERS, type BankProvider } from '../connector';
import {
  amountToCents,
  bankCodeFromAny,
  caracasDay,
  phoneToLocal,
  str,
  asRecord,
} from '../providers/common';
import { MERCANTIL_PATHS } from '../providers/mercantil';
import { R4_PATHS } from '../providers/r4';
import { renderPage, type PageView } from './page';
import {
  bdvGetMovement,
  mercantilC2p,
  mercantilScp,
  mercantilSearch,
  r4NotificaBody,
  r4Vuelto,
  type BankAnswer,
  type BankRequest,
  type ProtocolContext,
} from './protocols';
import {
  DECLINE_KINDS,
  DEMO_ACCOUNT_PHONE,
  DEMO_SECRETS,
  SimulatorState,
  type SimMovement,
  type SimulatorFaults,
  type SimulatorSecrets,
} from './state';

export {
  DEMO_ACCOUNT_PHONE,
  DEMO_SECRETS,
  type SimulatorFaults,
  type SimulatorSecrets,
} from './state';

/**
 * "Banco de pruebas" (docs/decisions/052-banco-de-pruebas.md): a standalone HTTP server that
 * speaks each provider's protocol at the provider's own paths (a connector only changes its base
 * URL), keeps movements in memory, injects faults, pushes R4 notifications to a callback, and
 * offers a control API under /_control and a small Spanish page at /.
 *
 * Bound to 127.0.0.1 by default; the control API has no authentication: never expose it.
 */

export interface BankSimulatorOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Credentials it accepts (default DEMO_SECRETS). */
  secrets?: SimulatorSecrets;
  /** Initial faults (default none). */
  faults?: Partial<SimulatorFaults>;
  /**
   * The platform account phone a Pago Móvil created through the control API or the page goes to,
   * per provider (default DEMO_ACCOUNT_PHONE): the demo's recharge accounts.
   */
  accountPhones?: Partial<Record<BankProvider, string>>;
  /** Where R4 notifications are pushed (also settable with POST /_control/callback). */
  callbackUrl?: string;
  /** Payment keys expire after this (default 5 minutes). */
  keyTtlMs?: number;
  /** BDV answers 1000 again within this window, then "ya conciliado" (default 30 s, manual). */
  bdvRepeatWindowMs?: number;
  /** A timed-out request is held this long before the socket is dropped (default 120 s). */
  hangMs?: number;
}

export interface BankSimulator {
  /** http://host:port */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts Banco de pruebas; resolves once it listens. */
export async function startBankSimulator(options: BankSimulatorOptions): Promise<BankSimulator> {
  const state = new SimulatorState(options.faults);
  state.callbackUrl = options.callbackUrl ?? null;
  const ctx: ProtocolContext = {
    state,
    secrets: options.secrets ?? DEMO_SECRETS,
    keyTtlMs: options.keyTtlMs ?? 5 * 60_000,
    bdvRepeatWindowMs: options.bdvRepeatWindowMs ?? 30_000,
  };
  const hangMs = options.hangMs ?? 120_000;
  const holds = new Set<() => void>();
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  const app = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 64 * 1024 });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  /** Holds a request as a bank that never answers, until hangMs or close. */
  function hold(): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer);
        holds.delete(release);
        resolve();
      };
      const timer = setTimeout(release, hangMs);
      holds.add(release);
    });
  }

  async function notify(m: SimMovement): Promise<void> {
    const url = state.callbackUrl;
    if (!url || m.provider !== 'r4' || m.kind !== 'p2c') return;
    const body = JSON.stringify(r4NotificaBody(ctx, m));
    const copies = state.faulty('r4') && state.faults.duplicateNotification ? 2 : 1;
    for (let i = 0; i < copies; i += 1) {
      const entry = {
        reference: m.reference,
        url,
        at: Date.now(),
        status: null as number | null,
        error: null as string | null,
      };
      state.notifications.push(entry);
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: ctx.secrets.r4.webhookToken,
            Commerce: ctx.secrets.r4.commerceToken,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        entry.status = res.status;
        await res.arrayBuffer();
      } catch (err) {
        entry.error = err instanceof Error ? err.name : 'error';
      }
    }
  }

  function scheduleNotify(m: SimMovement): void {
    const delay = state.faulty('r4') ? state.faults.notificationDelayMs : 0;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (!closing) void notify(m);
    }, delay);
    timers.add(timer);
  }

  /** Wraps one bank endpoint with the faults: 5xx and garbage before, timeout after the work. */
  function bankRoute(
    provider: BankProvider,
    handler: (ctx: ProtocolContext, req: BankRequest) => BankAnswer,
  ) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const faulty = state.faulty(provider);
      const f = state.faults;
      if (faulty && state.draw() < f.errorProbability)
        return reply
          .code(503)
          .type('text/html')
          .send('<html><body>503 Service Unavailable</body></html>');
      if (faulty && state.draw() < f.garbageProbability)
        return reply.code(200).type('application/json').send('{"code": 10');
      const answer = handler(ctx, { headers: req.headers, body: req.body });
      if (faulty && state.draw() < f.timeoutProbability) {
        await hold();
        return reply.code(504).send();
      }
      return reply.code(answer.status).send(answer.body);
    };
  }

  // --- Provider endpoints (same paths as the real APIs) -----------------------------------------
  app.post('/getMovement', bankRoute('bdv', bdvGetMovement));
  app.post('/getMovement/v2', bankRoute('bdv', bdvGetMovement));
  app.post(MERCANTIL_PATHS.search, bankRoute('mercantil', mercantilSearch));
  app.post(MERCANTIL_PATHS.scp, bankRoute('mercantil', mercantilScp));
  app.post(MERCANTIL_PATHS.c2p, bankRoute('mercantil', mercantilC2p));
  app.post(R4_PATHS.vuelto, bankRoute('r4', r4Vuelto));

  // --- Control API --------------------------------------------------------------------------------
  /** Creates a P2C movement as if a player sent a Pago Móvil; pushes the R4 notification. */
  function createMovement(input: Record<string, unknown>): SimMovement | string {
    const provider = str(input.provider) as BankProvider | null;
    if (!provider || !BANK_PROVIDERS.includes(provider))
      return 'Elige el banco de la cuenta (bdv, mercantil o r4).';
    let amountCents: number | null;
    if (input.amountCents !== undefined)
      amountCents = Number.isSafeInteger(input.amountCents) ? (input.amountCents as number) : null;
    else if (typeof input.amount === 'string') amountCents = spanishAmount(input.amount);
    else amountCents = amountToCents(input.amount);
    if (amountCents === null || amountCents <= 0)
      return 'Escribe un monto válido, por ejemplo 250,00.';
    const payerPhone = phoneToLocal(str(input.payerPhone ?? input.phone) ?? '');
    if (!/^0\d{10}$/.test(payerPhone))
      return 'El teléfono debe tener 11 dígitos, por ejemplo 04141234567.';
    const payerBankCode = bankCodeFromAny(input.payerBankCode ?? input.bank);
    if (!payerBankCode) return 'Elige tu banco.';
    const day = str(input.day) ?? caracasDay();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return 'El día debe tener la forma AAAA-MM-DD.';
    const identification = (str(input.payerIdentification ?? input.cedula) ?? '')
      .toUpperCase()
      .replace(/[^VEJPG0-9]/g, '');
    const m: SimMovement = {
      provider,
      kind: 'p2c',
      reference: str(input.reference) || state.nextReference(),
      day,
      amountCents,
      payerPhone,
      payerBankCode,
      payerIdentification: identification || null,
      accountPhone: phoneToLocal(
        str(input.accountPhone) ?? options.accountPhones?.[provider] ?? DEMO_ACCOUNT_PHONE,
      ),
      invoice: null,
      createdAt: Date.now(),
      reconciledAt: null,
    };
    state.movements.push(m);
    scheduleNotify(m);
    return m;
  }

  app.post('/_control/movements', async (req, reply) => {
    const made = createMovement(asRecord(req.body) ?? {});
    if (typeof made === 'string') return reply.code(422).send({ error: made });
    return reply
      .code(201)
      .send({ reference: made.reference, day: made.day, amountCents: made.amountCents });
  });
  app.get('/_control/state', async () => ({
    movements: state.movements,
    keys: state.keys,
    notifications: state.notifications,
    faults: state.faults,
    callbackUrl: state.callbackUrl,
  }));
  app.put('/_control/faults', async (req, reply) => {
    const input = asRecord(req.body) ?? {};
    const problem = checkFaults(input);
    if (problem) return reply.code(422).send({ error: problem });
    return state.setFaults(input as Partial<SimulatorFaults>);
  });
  app.get('/_control/sms', async (req) => {
    const phone = str(asRecord(req.query)?.phone);
    return state.keys
      .filter((k) => !phone || k.phone === phoneToLocal(phone))
      .map((k) => ({
        provider: k.provider,
        phone: k.phone,
        key: k.key,
        issuedAt: new Date(k.issuedAt).toISOString(),
        used: k.used,
      }));
  });
  app.post('/_control/callback', async (req, reply) => {
    const url = str(asRecord(req.body)?.url);
    if (url !== null && url !== '' && !/^https?:\/\//.test(url))
      return reply.code(422).send({ error: 'La URL debe empezar por http:// o https://.' });
    state.callbackUrl = url || null;
    return { callbackUrl: state.callbackUrl };
  });
  app.post('/_control/notify', async (req, reply) => {
    const reference = str(asRecord(req.body)?.reference);
    const m = state.movements.find(
      (x) => x.reference === reference && x.provider === 'r4' && x.kind === 'p2c',
    );
    if (!m)
      return reply.code(404).send({ error: 'No hay un Pago Móvil de R4 con esa referencia.' });
    await notify(m);
    return { sent: true };
  });
  app.post('/_control/reset', async () => {
    state.reset();
    state.callbackUrl = options.callbackUrl ?? null;
    return { reset: true };
  });

  // --- Demo page ------------------------------------------------------------------------------
  const view = (result?: PageView['result']): string =>
    renderPage({ result, keys: state.keys, movements: state.movements });
  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(view()));
  app.post('/_control/demo/pago-movil', async (req, reply) => {
    const made = createMovement(asRecord(req.body) ?? {});
    const result = typeof made === 'string' ? { error: made } : { movement: made };
    return reply
      .code(typeof made === 'string' ? 422 : 200)
      .type('text/html; charset=utf-8')
      .send(view(result));
  });

  app.addHook('onClose', async () => {
    closing = true;
    for (const t of timers) clearTimeout(t);
    timers.clear();
    for (const release of [...holds]) release();
  });

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () => app.close(),
  };
}

/** "1.234,56" or "1234.56" → céntimos (the page's amount box). */
function spanishAmount(text: string): number | null {
  const t = text.trim();
  const normal = t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return amountToCents(normal);
}

/** Checks a faults update; returns a Spanish problem or null. */
function checkFaults(input: Record<string, unknown>): string | null {
  for (const key of ['timeoutProbability', 'errorProbability', 'garbageProbability'] as const) {
    const v = input[key];
    if (v !== undefined && (typeof v !== 'number' || v < 0 || v > 1))
      return `«${key}» debe ser un número entre 0 y 1.`;
  }
  for (const key of ['keyDecline', 'chargeDecline', 'payoutDecline'] as const) {
    const v = input[key];
    if (v !== undefined && v !== null && !DECLINE_KINDS.includes(v as never))
      return `«${key}» no es un rechazo conocido.`;
  }
  if (input.seed !== undefined && input.seed !== null && !Number.isSafeInteger(input.seed))
    return '«seed» debe ser un entero.';
  if (
    input.notificationDelayMs !== undefined &&
    (typeof input.notificationDelayMs !== 'number' || input.notificationDelayMs < 0)
  )
    return '«notificationDelayMs» debe ser un número positivo.';
  if (
    input.providers !== undefined &&
    (!Array.isArray(input.providers) ||
      input.providers.some((p) => !BANK_PROVIDERS.includes(p as never)))
  )
    return '«providers» debe ser una lista de bdv, mercantil o r4.';
  return null;
}
