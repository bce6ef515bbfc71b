import { randomBytes } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import {
  BANK_CONNECTOR_CAPABILITIES,
  BANK_CONNECTOR_CAPABILITY_LABELS,
  MSG_BANKING,
} from '@domino/contracts';
import type {
  BankCallOutcome,
  BankConnectorAccount,
  BankConnectorCall,
  BankConnectorList,
  BankConnectorTestResult,
  BankConnectorView,
  bankConnectorInputSchema,
} from '@domino/contracts';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { bankConnectorCalls, bankConnectors, banks, rechargeAccounts } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { caracasDate } from '../../lib/time';
import { audit } from '../audit/audit';
import { BANK_PROVIDERS } from './connector';
import { httpFor, notificationPath, outcomeOfResult, readConnector, redact } from './config';
import { connectorFor, providerInfo } from './registry';
import { checkBaseUrl, simulatorOrigin } from './url-policy';
import type { BankVault } from './vault';

/**
 * Staff management of bank connectors (docs/decisions/051-bank-connectors.md "Configuration and
 * secrets"; routes in ./staff-routes.ts, admin only). Each change runs in one transaction that
 * locks the recharge account row (so two staff saving the same account serialise), seals the
 * credentials with the vault and writes an audit row with the before and after — provider, URL,
 * switches and the *names* of the credentials set or changed, never a value. Credentials are
 * write-only: no answer, log line or audit row carries them.
 */

type ConnectorInput = z.output<typeof bankConnectorInputSchema>;
type ConnectorRow = typeof bankConnectors.$inferSelect;

/** Calls listed per account. */
export const CALLS_SHOWN = 20;

const accountNotFound = () =>
  new AppError('banking/account_not_found', 404, MSG_BANKING.accountNotFound);
const vaultUnavailable = () =>
  new AppError('banking/vault_unavailable', 409, MSG_BANKING.vaultUnavailable);

/** Whether the sealed credentials of `row` open with this server's key. */
function credentialsReadable(vault: BankVault, row: ConnectorRow): boolean {
  if (row.credentialsCiphertext === null) return true;
  try {
    vault.open(row.credentialsCiphertext, row.rechargeAccountId);
    return true;
  } catch {
    return false;
  }
}

/** What staff see of a connector and what its audit rows keep: never a credential value. */
const connectorFacts = (row: ConnectorRow) => ({
  provider: row.provider,
  base_url: row.baseUrl,
  enabled: row.enabled,
  capabilities: {
    verify: row.verifyEnabled,
    charge: row.chargeEnabled,
    notify: row.notifyEnabled,
    payout: row.payoutEnabled,
  },
  credentials_set: [...row.credentialNames].sort(),
});

function connectorView(config: Config, vault: BankVault, row: ConnectorRow): BankConnectorView {
  const info = providerInfo(row.provider);
  return {
    id: row.id,
    ...connectorFacts(row),
    credentials_readable: credentialsReadable(vault, row),
    notification_url: info.capabilities.notify
      ? `${config.publicUrl}${notificationPath(row.notificationToken)}`
      : null,
    updated_at: row.updatedAt.toISOString(),
  };
}

const callView = (c: typeof bankConnectorCalls.$inferSelect): BankConnectorCall => ({
  id: c.id,
  operation: c.operation,
  started_at: c.startedAt.toISOString(),
  duration_ms: c.durationMs,
  outcome: c.outcome,
  http_status: c.httpStatus,
  detail: c.detail,
  related_type: c.relatedType,
  related_id: c.relatedId,
});

/** Every recharge account (or one) with its connector (null: none) and its last calls. */
async function accountViews(
  db: Executor,
  config: Config,
  vault: BankVault,
  accountId?: number,
): Promise<BankConnectorAccount[]> {
  const rows = await db
    .select({ a: rechargeAccounts, b: banks, c: bankConnectors })
    .from(rechargeAccounts)
    .innerJoin(banks, eq(banks.id, rechargeAccounts.bankId))
    .leftJoin(bankConnectors, eq(bankConnectors.rechargeAccountId, rechargeAccounts.id))
    .where(accountId === undefined ? sql`true` : eq(rechargeAccounts.id, accountId))
    .orderBy(asc(rechargeAccounts.id));
  const ranked = db
    .select({
      id: bankConnectorCalls.id,
      rn: sql<number>`row_number() over (partition by ${bankConnectorCalls.rechargeAccountId} order by ${bankConnectorCalls.startedAt} desc, ${bankConnectorCalls.id} desc)`.as(
        'rn',
      ),
    })
    .from(bankConnectorCalls)
    .where(
      accountId === undefined ? sql`true` : eq(bankConnectorCalls.rechargeAccountId, accountId),
    )
    .as('ranked');
  const calls = await db
    .select({ c: bankConnectorCalls })
    .from(bankConnectorCalls)
    .innerJoin(ranked, eq(ranked.id, bankConnectorCalls.id))
    .where(sql`${ranked.rn} <= ${CALLS_SHOWN}`)
    .orderBy(desc(bankConnectorCalls.startedAt), desc(bankConnectorCalls.id));
  const byAccount = new Map<number, BankConnectorCall[]>();
  for (const { c } of calls) {
    const list = byAccount.get(c.rechargeAccountId) ?? [];
    list.push(callView(c));
    byAccount.set(c.rechargeAccountId, list);
  }
  return rows.map(({ a, b, c }) => ({
    id: a.id,
    bank_code: b.code,
    bank_name: b.name,
    account_number: a.accountNumber,
    holder_name: a.holderName,
    phone: a.phone,
    active: a.active,
    connector: c ? connectorView(config, vault, c) : null,
    calls: byAccount.get(a.id) ?? [],
  }));
}

async function oneAccountView(
  db: Executor,
  config: Config,
  vault: BankVault,
  id: number,
): Promise<BankConnectorAccount> {
  const [a] = await accountViews(db, config, vault, id);
  if (!a) throw accountNotFound();
  return a;
}

/** GET /api/admin/bank-connectors: the providers, every recharge account and its connector. */
export async function listBankConnectors(
  db: Executor,
  config: Config,
  vault: BankVault,
): Promise<BankConnectorList> {
  return {
    providers: BANK_PROVIDERS.map((p) => {
      const info = providerInfo(p);
      return {
        provider: p,
        label: info.label,
        hosts: [...info.hosts],
        credential_fields: info.credentialFields.map((f) => ({ name: f.name, label: f.label })),
        capabilities: {
          verify: info.capabilities.verify,
          charge: info.capabilities.charge,
          notify: info.capabilities.notify,
          payout: info.capabilities.payout,
        },
        available: info.available,
      };
    }),
    accounts: await accountViews(db, config, vault),
    simulator_origin: simulatorOrigin(config.BANK_SIMULATOR_URL),
  };
}

async function lockAccount(tx: Tx, id: number): Promise<void> {
  const [a] = await tx
    .select({ id: rechargeAccounts.id })
    .from(rechargeAccounts)
    .where(eq(rechargeAccounts.id, id))
    .for('update');
  if (!a) throw accountNotFound();
}

/**
 * PUT /api/admin/recharge-accounts/{id}/bank-connector: creates or replaces the account's
 * connector. Rules:
 * - the base URL passes ./url-policy.ts for the provider (422 `base_url`, naming why);
 * - a capability may be on only when the provider supports it (422 `capabilities.<name>`);
 * - credentials are merged field by field into the stored ones (an omitted or empty field keeps
 *   its value); names the provider does not use are 422; changing the provider drops the old
 *   provider's credentials; stored credentials this server cannot open count as not set;
 * - enabling needs every credential field of the provider (422 `credentials`);
 * - sealing needs a key (409 `banking/vault_unavailable` in production without
 *   BANK_CREDENTIALS_KEY).
 * Errors: 404 unknown account. A save that changes nothing writes no audit row.
 */
export async function saveBankConnector(
  db: Db,
  config: Config,
  vault: BankVault,
  staffId: number,
  accountId: number,
  input: ConnectorInput,
): Promise<BankConnectorAccount> {
  const info = providerInfo(input.provider);
  const errors: Record<string, string[]> = {};
  const url = checkBaseUrl(input.provider, input.base_url, config.BANK_SIMULATOR_URL);
  if (!url.ok) errors.base_url = [url.reason];
  for (const cap of BANK_CONNECTOR_CAPABILITIES) {
    if (input.capabilities[cap] && !info.capabilities[cap])
      errors[`capabilities.${cap}`] = [
        MSG_BANKING.capabilityUnsupported(BANK_CONNECTOR_CAPABILITY_LABELS[cap]),
      ];
  }
  const fieldNames = new Set(info.credentialFields.map((f) => f.name));
  const given = Object.entries(input.credentials).filter(([, v]) => v !== '');
  for (const name of Object.keys(input.credentials)) {
    if (!fieldNames.has(name))
      (errors.credentials ??= []).push(MSG_BANKING.credentialUnknown(name));
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);

  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [before] = await tx
      .select()
      .from(bankConnectors)
      .where(eq(bankConnectors.rechargeAccountId, accountId))
      .for('update');

    // The stored credentials, when they belong to the same provider. When they do not open here
    // (the key changed, or is missing) and none are typed, they are kept untouched: a save of
    // the URL or the switches never destroys them.
    let stored: Record<string, string> = {};
    let storedReadable = true;
    if (before && before.provider === input.provider && before.credentialsCiphertext !== null) {
      try {
        stored = vault.open(before.credentialsCiphertext, accountId);
      } catch {
        storedReadable = false;
      }
    }
    const keepUnreadable = !storedReadable && given.length === 0;
    const merged: Record<string, string> = {};
    for (const name of fieldNames) {
      const v = given.find(([n]) => n === name)?.[1] ?? stored[name];
      if (v !== undefined && v !== '') merged[name] = v;
    }
    const names = keepUnreadable ? [...before!.credentialNames].sort() : Object.keys(merged).sort();
    const changedNames = keepUnreadable
      ? []
      : [...fieldNames].filter((n) => merged[n] !== stored[n]).sort();
    if (input.enabled) {
      const missing = info.credentialFields.filter((f) => !names.includes(f.name));
      if (missing.length > 0)
        throw AppError.validation({
          credentials: [MSG_BANKING.credentialsMissing(missing.map((f) => f.label).join(', '))],
        });
    }
    // Also re-sealed when sealed under an older key: any save finishes a key rotation.
    const reseal =
      !keepUnreadable &&
      (!before ||
        changedNames.length > 0 ||
        before.provider !== input.provider ||
        !storedReadable ||
        (before.credentialsCiphertext !== null && vault.needsReseal(before.credentialsCiphertext)));
    let ciphertext = before?.credentialsCiphertext ?? null;
    if (reseal) {
      if (names.length === 0) ciphertext = null;
      else {
        if (!vault.canSeal()) throw vaultUnavailable();
        ciphertext = vault.seal(merged, accountId);
      }
    }
    const values = {
      provider: input.provider,
      baseUrl: url.ok ? url.url : input.base_url,
      credentialsCiphertext: ciphertext,
      credentialNames: names,
      enabled: input.enabled,
      verifyEnabled: input.capabilities.verify,
      chargeEnabled: input.capabilities.charge,
      notifyEnabled: input.capabilities.notify,
      payoutEnabled: input.capabilities.payout,
      updatedBy: staffId,
    };
    let after: ConnectorRow;
    if (!before) {
      [after] = (await tx
        .insert(bankConnectors)
        .values({
          ...values,
          rechargeAccountId: accountId,
          notificationToken: randomBytes(24).toString('base64url'),
        })
        .returning()) as [ConnectorRow];
    } else {
      const same =
        JSON.stringify(connectorFacts(before)) ===
          JSON.stringify(connectorFacts({ ...before, ...values })) && changedNames.length === 0;
      if (same && ciphertext === before.credentialsCiphertext)
        return oneAccountView(tx, config, vault, accountId);
      [after] = (await tx
        .update(bankConnectors)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(bankConnectors.id, before.id))
        .returning()) as [ConnectorRow];
    }
    await audit(tx, {
      actorUserId: staffId,
      action: before ? 'bank_connector.update' : 'bank_connector.create',
      targetType: 'recharge_account',
      targetId: accountId,
      before: before ? connectorFacts(before) : null,
      after: { ...connectorFacts(after), credentials_changed: changedNames },
    });
    return oneAccountView(tx, config, vault, accountId);
  });
}

/**
 * DELETE /api/admin/recharge-accounts/{id}/bank-connector: disconnects the account (its row and
 * sealed credentials are deleted; its call log stays). Errors: 404 unknown account or no
 * connector.
 */
export async function deleteBankConnector(
  db: Db,
  config: Config,
  vault: BankVault,
  staffId: number,
  accountId: number,
): Promise<BankConnectorAccount> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [before] = await tx
      .delete(bankConnectors)
      .where(eq(bankConnectors.rechargeAccountId, accountId))
      .returning();
    if (!before) throw new AppError('banking/not_connected', 404, MSG_BANKING.notConnected);
    await audit(tx, {
      actorUserId: staffId,
      action: 'bank_connector.delete',
      targetType: 'recharge_account',
      targetId: accountId,
      before: connectorFacts(before),
      after: null,
    });
    return oneAccountView(tx, config, vault, accountId);
  });
}

/** Today in Caracas, `YYYY-MM-DD`. */
function caracasToday(): string {
  const d = caracasDate(new Date());
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/**
 * POST /api/admin/recharge-accounts/{id}/bank-connector/test: one harmless call, enabled or not —
 * a verify of a reference that cannot exist (twelve nines, one céntimo, today, the account's own
 * phone and bank), expecting `not_found`. Answers the outcome and a Spanish sentence; the call
 * is in the account's call log. Errors: 404 no account or no connector; 409 the provider has no
 * implementation on this server, has no verify, or the stored credentials do not open.
 */
export async function testBankConnector(
  db: Db,
  config: Config,
  vault: BankVault,
  accountId: number,
  opts: { fetch?: typeof fetch } = {},
): Promise<BankConnectorTestResult> {
  const [account] = await db
    .select({ id: rechargeAccounts.id })
    .from(rechargeAccounts)
    .where(eq(rechargeAccounts.id, accountId));
  if (!account) throw accountNotFound();
  const loaded = await readConnector(
    db,
    eq(bankConnectors.rechargeAccountId, accountId),
    vault,
    true,
  );
  if (loaded === null) throw new AppError('banking/not_connected', 404, MSG_BANKING.notConnected);
  if (loaded === 'unreadable')
    throw new AppError(
      'banking/credentials_unreadable',
      409,
      MSG_BANKING.testCredentialsUnreadable,
    );
  const impl = connectorFor(loaded.provider);
  if (!impl)
    throw new AppError('banking/provider_unavailable', 409, MSG_BANKING.providerUnavailable);
  if (!impl.verify || !impl.capabilities.verify)
    throw new AppError('banking/test_unsupported', 409, MSG_BANKING.testUnsupported);
  const http = httpFor(db, loaded, undefined, {
    timeoutMs: config.BANK_HTTP_TIMEOUT_MS,
    fetch: opts.fetch,
  });
  const result = await impl.verify(
    loaded,
    {
      reference: '999999999999',
      amountCents: 1,
      day: caracasToday(),
      payerPhone: loaded.account.phone,
      payerBankCode: loaded.account.bankCode,
    },
    http,
  );
  await http.settle(result);
  const outcome: BankCallOutcome = outcomeOfResult(result.kind);
  const secrets = Object.values(loaded.credentials);
  const detail = (d: string | undefined) => redact(d ?? '', secrets, 200);
  switch (result.kind) {
    case 'not_found':
      return { outcome, message: MSG_BANKING.testOk };
    case 'verified':
    case 'mismatch':
      return { outcome, message: MSG_BANKING.testFound };
    case 'refused':
      return {
        outcome,
        message: MSG_BANKING.testRefused(
          detail([result.bankCode, result.bankMessage, result.detail].filter(Boolean).join(' — ')),
        ),
      };
    case 'unavailable':
      return { outcome, message: MSG_BANKING.testUnavailable(detail(result.detail)) };
  }
}
