/**
 * Bank recharges against Banco de pruebas with faults (docs/decisions/051-bank-connectors.md,
 * 052-banco-de-pruebas.md): the server started as `npm start` does (built-app.ts, API only: no
 * web build needed) on a per-run PostgreSQL database, dropped after, with
 * BANK_SIMULATOR_PORT=0 (it runs the simulator and connects the demo accounts: BDV verify,
 * Mercantil verify + C2P), plus an R4 account connected here through the staff route (signed
 * notifications). The simulator's faults are set at random (no seed): timeouts, 5xx, garbage,
 * late and duplicate notifications. N players register and each makes one recharge, CONCURRENCY
 * at a time:
 *
 * - ~70 % Pago Móvil (BDV, Mercantil or R4): the payment is made in the simulator
 *   (/_control/movements), then "Ya pagué" (POST /api/recharge_api with payer phone and bank),
 *   then the status is polled until credited or sent to staff. ~3 % declare another amount than
 *   they paid (the bank cannot confirm those).
 * - ~30 % C2P (Mercantil): key request (retried by the player on a 503), the key read from the
 *   simulator's "SMS", the charge (retried with the same Idempotency-Key on a 5xx). ~4 % type a
 *   wrong key (the bank declines; the simulator's expired-key refusal is a global switch or a
 *   5-minute TTL, so a mistyped key stands for it).
 *
 * Prints the share credited without staff of those the bank can confirm, what went to staff and
 * why, the time from "Ya pagué" (or "Pagar" for C2P) to the credit, double credits counted in the
 * database (ledger recharge transactions per recharge, movements per recharge, balance of every
 * player against their approved recharges), the ledger check and today's daily report.
 *
 * Run: npx tsx bench/src/bank-recharges.ts [--recharges 1000] [--concurrency 50]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../apps/server/src/test/helpers';
import { startApp } from './built-app';
import { formatRate, percentile, wilson } from './stats';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RECHARGES = arg('--recharges', 1000);
const CONCURRENCY = arg('--concurrency', 50);
/** Faults of Banco de pruebas (random, no seed): probabilities per bank request. */
const FAULTS = {
  seed: null,
  timeoutProbability: 0.05,
  errorProbability: 0.05,
  garbageProbability: 0.02,
  notificationDelayMs: 3_000,
  duplicateNotification: true,
};
/** Share of Pago Móvil players who declare another amount than they paid. */
const WRONG_AMOUNT_SHARE = 0.03;
/** Share of C2P players who type a wrong key. */
const WRONG_KEY_SHARE = 0.04;
/** How long a recharge is followed; a deliberate mismatch only this long (it cannot resolve). */
const FOLLOW_MS = 180_000;
const MISMATCH_FOLLOW_MS = 20_000;
const POLL_MS = 200;

const ADMIN = { email: 'bench-admin@domino.local', password: 'BenchAdmin12345' };

type Provider = 'bdv' | 'mercantil' | 'r4';
type Outcome =
  'credited' | 'to_staff' | 'still_checking' | 'manual' | 'declined' | 'key_not_sent' | 'error';

interface Result {
  method: 'pago_movil' | 'c2p';
  provider: Provider;
  deliberate: 'wrong_amount' | 'wrong_key' | null;
  outcome: Outcome;
  /** From "Ya pagué" / "Pagar" to credited, ms. */
  creditMs: number | null;
  rechargeId: number | null;
  amountCents: number;
  token: string;
  detail?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A player's or the admin's JSON call; never throws on an HTTP status. */
async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      const text = await res.text();
      let json: Record<string, unknown> = {};
      try {
        json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        json = { text };
      }
      return { status: res.status, json };
    } catch (err) {
      // A dropped connection under load: the player presses again (only idempotent calls here).
      if (attempt >= 3) throw err;
      await sleep(500);
    }
  }
}

let seq = 0;
/** A unique player: cédula and phone derived from a run prefix and a counter. */
function newPlayer(run: number) {
  seq += 1;
  const n = seq;
  return {
    name: `María Pérez ${n}`,
    email: `bank${run}.${n}@example.com`,
    type_identification: 'V',
    n_identification: String(20_000_000 + ((run * 10_007 + n) % 9_000_000)),
    phone: `0414${String((run * 13 + n * 7) % 10_000_000).padStart(7, '0')}`,
    password: 'Secreto123!',
    // Letters that spell no word (like e2e/support.ts), so no name is refused as offensive.
    username: `Jp${[...`${run}${String(n).padStart(5, '0')}`].map((d) => 'bdghjlmnpq'[Number(d)]).join('')}`,
    birth_date: '1994-03-08',
    adult_declaration: true,
  };
}

/** Runs `tasks` with at most `limit` at once. */
async function pool<T>(count: number, limit: number, task: (i: number) => Promise<T>) {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      for (;;) {
        const i = next++;
        if (i >= count) return;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

async function main() {
  const load0 = os.loadavg();
  const database = await createTestDatabase('postgres');
  const app = await startApp('', {
    env: {
      DATABASE_URL: database.url!,
      BANK_SIMULATOR_PORT: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_ADDRESS_LIMIT: '1000000',
      AVAILABILITY_LIMIT_PER_MINUTE: '1000000',
      BANK_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
    },
  });
  try {
    const base = app.baseUrl;
    const login = await call(base, 'POST', '/api/login_api', { body: ADMIN });
    const admin = login.json.token as string;
    if (!admin) throw new Error(`admin login failed: ${JSON.stringify(login.json)}`);

    // --- The accounts and the simulator -------------------------------------------------------
    type Account = {
      id: number;
      bank_code: string;
      phone: string;
      connector: { provider: Provider; base_url: string; notification_url: string | null } | null;
    };
    const list = async () =>
      (await call(base, 'GET', '/api/admin/bank-connectors', { token: admin })).json as {
        accounts: Account[];
      };
    let accounts = (await list()).accounts;
    const byProvider = (p: Provider) => accounts.find((a) => a.connector?.provider === p);
    const sim = byProvider('mercantil')!.connector!.base_url;

    // An R4 account (Mi Banco, 0169) with signed notifications, connected as staff would.
    const banks = (await call(base, 'GET', '/api/banks')).json as unknown as {
      id: number;
      code: string;
    }[];
    const r4Bank = banks.find((b) => b.code === '0169');
    if (r4Bank) {
      const created = await call(base, 'POST', '/api/admin/recharge-accounts', {
        token: admin,
        body: {
          bank_id: r4Bank.id,
          account_number: '01690001230000000001',
          holder_name: 'Dominó Venezuela C.A.',
          type_identification: 'J',
          n_identification: '501234567',
          phone: '04129990001',
        },
      });
      const accountId = (created.json.id ?? (created.json.account as { id?: number })?.id) as
        number | undefined;
      if (!accountId) throw new Error(`R4 account: ${JSON.stringify(created.json)}`);
      const saved = await call(
        base,
        'PUT',
        `/api/admin/recharge-accounts/${accountId}/bank-connector`,
        {
          token: admin,
          body: {
            provider: 'r4',
            base_url: sim,
            credentials: {
              commerceToken: 'banco-de-pruebas-commerce-token',
              webhookToken: '0b4e5200-0000-4000-8000-0000000b4e52',
            },
            enabled: true,
            capabilities: { verify: false, charge: false, notify: true, payout: false },
          },
        },
      );
      if (saved.status !== 200) throw new Error(`R4 connector: ${JSON.stringify(saved.json)}`);
      accounts = (await list()).accounts;
      const r4 = byProvider('r4')!;
      const token = new URL(r4.connector!.notification_url!).pathname.split('/').pop()!;
      await call(sim, 'POST', '/_control/callback', {
        body: { url: `${base}/api/bank-notifications/${token}` },
      });
    }
    const faults = await call(sim, 'PUT', '/_control/faults', { body: FAULTS });
    if (faults.status !== 200) throw new Error(`faults: ${JSON.stringify(faults.json)}`);

    // --- Players --------------------------------------------------------------------------------
    const run = Math.floor(Math.random() * 900) + 100;
    const t0 = performance.now();
    const players = await pool(RECHARGES, CONCURRENCY, async () => {
      const p = newPlayer(run);
      const res = await call(base, 'POST', '/api/register_api', {
        body: { ...p, password_confirmation: p.password },
      });
      if (res.status !== 201)
        throw new Error(`register: ${res.status} ${JSON.stringify(res.json)}`);
      return { ...p, token: res.json.token as string };
    });
    const registerMs = performance.now() - t0;

    // --- Recharges -------------------------------------------------------------------------------
    const account = (p: Provider) => byProvider(p)!;
    const providersPm: Provider[] = byProvider('r4')
      ? ['bdv', 'bdv', 'bdv', 'mercantil', 'mercantil', 'r4', 'r4']
      : ['bdv', 'bdv', 'bdv', 'bdv', 'mercantil', 'mercantil', 'mercantil'];

    const pagoMovil = async (p: (typeof players)[number], i: number): Promise<Result> => {
      const provider = providersPm[i % providersPm.length]!;
      const acc = account(provider);
      const amountCents = 25_000 + Math.floor(Math.random() * 175_000);
      const wrong = Math.random() < WRONG_AMOUNT_SHARE;
      const declared = wrong ? amountCents + 1_000 : amountCents;
      const base_: Omit<Result, 'outcome' | 'creditMs' | 'rechargeId'> = {
        method: 'pago_movil',
        provider,
        deliberate: wrong ? 'wrong_amount' : null,
        amountCents: declared,
        token: p.token,
      };
      const paid = await call(sim, 'POST', '/_control/movements', {
        body: {
          provider,
          amountCents,
          payerPhone: p.phone,
          payerBankCode: '0102',
          payerIdentification: `V${p.n_identification}`,
          accountPhone: acc.phone,
        },
      });
      if (paid.status !== 201) throw new Error(`movement: ${JSON.stringify(paid.json)}`);
      // The player types the reference from their bank's app a moment later.
      await sleep(Math.random() * 4_000);
      const form = new FormData();
      form.set('amount', (declared / 100).toFixed(2));
      form.set('reference', paid.json.reference as string);
      form.set('account_id', String(acc.id));
      form.set('payer_phone', p.phone);
      form.set('payer_bank_code', '0102');
      const start = performance.now();
      const res = await fetch(`${base}/api/recharge_api`, {
        method: 'POST',
        headers: { authorization: `Bearer ${p.token}`, 'idempotency-key': `pm-${run}-${i}` },
        body: form,
      });
      const body = (await res.json()) as { id?: number; status?: string; verification?: string };
      if (res.status !== 201 || !body.id)
        return {
          ...base_,
          outcome: 'error',
          creditMs: null,
          rechargeId: null,
          detail: JSON.stringify(body),
        };
      if (body.status === 'aprobado')
        return {
          ...base_,
          outcome: 'credited',
          creditMs: performance.now() - start,
          rechargeId: body.id,
        };
      const follow = wrong ? MISMATCH_FOLLOW_MS : FOLLOW_MS;
      for (;;) {
        const s = (await call(base, 'GET', `/api/recharges/${body.id}/status`, { token: p.token }))
          .json as { status: string; verification: string };
        const elapsed = performance.now() - start;
        if (s.status === 'aprobado')
          return { ...base_, outcome: 'credited', creditMs: elapsed, rechargeId: body.id };
        if (s.verification === 'needs_staff')
          return { ...base_, outcome: 'to_staff', creditMs: null, rechargeId: body.id };
        if (elapsed > follow)
          return {
            ...base_,
            outcome: s.verification === 'manual' ? 'manual' : 'still_checking',
            creditMs: null,
            rechargeId: body.id,
          };
        await sleep(POLL_MS);
      }
    };

    const c2p = async (p: (typeof players)[number], i: number): Promise<Result> => {
      const acc = account('mercantil');
      const amountCents = 25_000 + Math.floor(Math.random() * 175_000);
      const wrongKey = Math.random() < WRONG_KEY_SHARE;
      const base_: Omit<Result, 'outcome' | 'creditMs' | 'rechargeId'> = {
        method: 'c2p',
        provider: 'mercantil',
        deliberate: wrongKey ? 'wrong_key' : null,
        amountCents,
        token: p.token,
      };
      const fields = {
        account_id: acc.id,
        amount: amountCents / 100,
        type_identification: 'V',
        n_identification: p.n_identification,
        phone: p.phone,
        bank_code: '0102',
      };
      // The key: the player asks again when the bank does not answer (up to 5 times).
      let sent = false;
      for (let attempt = 0; attempt < 5 && !sent; attempt++) {
        const k = await call(base, 'POST', '/api/recharges/c2p/key', {
          token: p.token,
          body: fields,
        });
        sent = k.status === 200;
        if (!sent && k.status !== 503 && k.status !== 422)
          return {
            ...base_,
            outcome: 'error',
            creditMs: null,
            rechargeId: null,
            detail: JSON.stringify(k.json),
          };
      }
      const sms = (await call(sim, 'GET', `/_control/sms?phone=${p.phone}`)).json as unknown as {
        key: string;
        used: boolean;
      }[];
      const key = [...sms].reverse().find((k) => !k.used)?.key;
      if (!key) return { ...base_, outcome: 'key_not_sent', creditMs: null, rechargeId: null };
      const typed = wrongKey ? String((Number(key) + 1) % 100_000_000).padStart(8, '0') : key;
      const start = performance.now();
      for (let attempt = 0; ; attempt++) {
        const res = await call(base, 'POST', '/api/recharges/c2p', {
          token: p.token,
          body: { ...fields, key: typed },
          headers: { 'idempotency-key': `c2p-${run}-${i}` },
        });
        const elapsed = performance.now() - start;
        const id = (res.json.id as number | undefined) ?? null;
        if (res.status === 201)
          return { ...base_, outcome: 'credited', creditMs: elapsed, rechargeId: id };
        if (res.status === 202)
          return { ...base_, outcome: 'to_staff', creditMs: null, rechargeId: id };
        if (res.status === 422)
          return {
            ...base_,
            outcome: 'declined',
            creditMs: null,
            rechargeId: null,
            detail: String(res.json.message ?? ''),
          };
        if (attempt >= 3)
          return {
            ...base_,
            outcome: 'error',
            creditMs: null,
            rechargeId: id,
            detail: `${res.status}`,
          };
        await sleep(1_000);
      }
    };

    const t1 = performance.now();
    const results = await pool(RECHARGES, CONCURRENCY, (i) =>
      i % 10 < 7 ? pagoMovil(players[i]!, i) : c2p(players[i]!, i),
    );
    const rechargeMs = performance.now() - t1;
    const load1 = os.loadavg();

    // --- Figures ---------------------------------------------------------------------------------
    const db = database.db;
    const rows = async <T>(q: ReturnType<typeof sql>) =>
      ((await db.execute(q)) as unknown as { rows: T[] }).rows;
    const doubleLedger = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select reference_id from ledger_transactions
        where kind = 'recharge' and reference_type = 'recharge'
        group by reference_id having count(*) > 1) d`);
    const doubleMovement = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select recharge_id from bank_movements where recharge_id is not null
        group by recharge_id having count(*) > 1) d`);
    const approvedWithoutTx = await rows<{ n: number }>(sql`
      select count(*)::int as n from recharges r where r.status = 'aprobado'
        and (select count(*) from ledger_transactions t
             where t.kind = 'recharge' and t.reference_id = r.id::text) <> 1`);
    const staffReasons = await rows<{ kind: string; method: string; n: number }>(sql`
      select coalesce(bank_answer->>'kind', verification_state) as kind, method, count(*)::int as n
      from recharges where status = 'pendiente' and verification_state in ('needs_staff', 'manual')
      group by 1, 2 order by 3 desc`);
    // Every bank call the server made (bank_connector_calls): the faults it actually met.
    const bankCalls = await rows<{
      op: string;
      outcome: string;
      http: string;
      n: number;
      p95: number;
    }>(sql`
      select operation as op, outcome, coalesce(http_status::text, '-') as http, count(*)::int as n,
        percentile_disc(0.95) within group (order by duration_ms)::int as p95
      from bank_connector_calls group by 1, 2, 3 order by 1, 4 desc`);
    const movements = (await call(sim, 'GET', '/_control/state')).json as {
      movements: { kind: string; provider: string }[];
      notifications: { status: number | null }[];
    };

    // Every player's balance equals their approved recharges (one recharge each, so at most one).
    let balanceMismatches = 0;
    await pool(results.length, CONCURRENCY, async (i) => {
      const r = results[i]!;
      const bal = (await call(base, 'GET', '/api/user/balance', { token: r.token })).json
        .balance as number;
      const want = r.outcome === 'credited' ? r.amountCents : 0;
      if (Math.round(bal * 100) !== want) balanceMismatches++;
    });
    const ledger = await call(base, 'POST', '/api/admin/ledger-check', { token: admin, body: {} });
    const daily = await call(base, 'GET', '/api/admin/reports/daily', { token: admin });
    const check = daily.json.check as { label?: string; ok?: boolean } | undefined;

    const confirmable = results.filter((r) => r.deliberate === null);
    const creditedOk = confirmable.filter((r) => r.outcome === 'credited');
    const s = (ms: number) => Math.round(ms) / 1000;
    /** p50, p95, max (seconds) and how many took over 10 s, of the credited recharges kept. */
    const timing = (keep: (r: Result) => boolean) => {
      const t = results
        .filter((r) => keep(r) && r.creditMs !== null)
        .map((r) => r.creditMs!)
        .sort((x, y) => x - y);
      return {
        n: t.length,
        p50: s(percentile(t, 50)),
        p95: s(percentile(t, 95)),
        max: s(t.at(-1) ?? Number.NaN),
        over_10s: t.filter((x) => x > 10_000).length,
      };
    };
    const count = <T>(xs: T[], key: (r: T) => string) =>
      xs.reduce<Record<string, number>>((acc, r) => {
        const k = key(r);
        acc[k] = (acc[k] ?? 0) + 1;
        return acc;
      }, {});
    const report = {
      recharges: results.length,
      concurrency: CONCURRENCY,
      faults: FAULTS,
      by_method_provider: count(results, (r) => `${r.method}/${r.provider}`),
      deliberate: count(
        results.filter((r) => r.deliberate),
        (r) => `${r.deliberate}:${r.outcome}`,
      ),
      credited_without_staff_of_confirmable: formatRate(
        wilson(creditedOk.length, confirmable.length),
      ),
      confirmable_not_credited: count(
        confirmable.filter((r) => r.outcome !== 'credited'),
        (r) =>
          `${r.method}/${r.provider}:${r.outcome}${r.detail ? `:${r.detail.slice(0, 80)}` : ''}`,
      ),
      staff_queue_by_reason: staffReasons.map((r) => `${r.method}:${r.kind}=${r.n}`),
      time_to_credit_s: {
        all: timing(() => true),
        pago_movil: timing((r) => r.method === 'pago_movil'),
        'pago_movil/bdv': timing((r) => r.method === 'pago_movil' && r.provider === 'bdv'),
        'pago_movil/mercantil': timing(
          (r) => r.method === 'pago_movil' && r.provider === 'mercantil',
        ),
        'pago_movil/r4': timing((r) => r.method === 'pago_movil' && r.provider === 'r4'),
        c2p: timing((r) => r.method === 'c2p'),
      },
      double_credits: {
        recharges_with_2plus_ledger_transactions: doubleLedger[0]!.n,
        recharges_with_2plus_movements: doubleMovement[0]!.n,
        approved_without_exactly_one_transaction: approvedWithoutTx[0]!.n,
        player_balances_not_equal_to_credited: balanceMismatches,
      },
      bank_calls: bankCalls.map((c) => `${c.op} ${c.outcome} ${c.http}: ${c.n} (p95 ${c.p95} ms)`),
      simulator: {
        movements: count(movements.movements, (m) => `${m.provider}/${m.kind}`),
        notifications_pushed: movements.notifications.length,
        notifications_not_200: movements.notifications.filter((n) => n.status !== 200).length,
      },
      ledger_check_ok: ledger.json.ok,
      daily_report: check?.label ?? JSON.stringify(daily.json).slice(0, 200),
      register_s: s(registerMs),
      recharges_s: s(rechargeMs),
      loadavg_before: load0.map((x) => x.toFixed(2)).join(' '),
      loadavg_after: load1.map((x) => x.toFixed(2)).join(' '),
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}`,
    };
    console.log(JSON.stringify(report, null, 2));
    const doubles =
      doubleLedger[0]!.n + doubleMovement[0]!.n + approvedWithoutTx[0]!.n + balanceMismatches;
    if (doubles !== 0 || ledger.json.ok !== true || check?.label !== 'Cuadra') process.exitCode = 1;
  } finally {
    await app.stop();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
