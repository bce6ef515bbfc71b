import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bankConnectorCalls, bankConnectors } from '../../db/schema';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { auth, loginAdmin } from '../../test/wallet-helpers';
import { httpFor, loadConnector } from './config';

/**
 * Bank connector configuration on real PostgreSQL (docs/decisions/051-bank-connectors.md):
 * concurrent first saves of one account make one connector (the account row lock and the unique
 * index), the stored credentials are one staff member's whole set, never a mix, and concurrent
 * bank calls each leave exactly one call row, written outside any transaction.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('bank connectors (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let bank: http.Server;
  let bankUrl: string;

  beforeAll(async () => {
    bank = http.createServer((_req, res) => res.writeHead(200).end('{"code":1010}'));
    await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
    bankUrl = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`;
    t = await buildTestApp('postgres', {
      BANK_CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      BANK_SIMULATOR_URL: bankUrl,
    });
    admin = await loginAdmin(t);
  });
  afterAll(async () => {
    await new Promise((resolve) => bank.close(resolve));
    await t?.close();
  });

  it('makes one connector from concurrent first saves, holding one whole set of credentials', async () => {
    const sets = Array.from({ length: 12 }, (_, i) => ({
      clientId: `cliente-${i}-${randomBytes(4).toString('hex')}`,
      secretKey: `secreta-${i}-${randomBytes(8).toString('hex')}`,
      merchantId: `comercio-${i}`,
      integratorId: `integrador-${i}`,
      terminalId: `terminal-${i}`,
    }));
    const answers = await Promise.all(
      sets.map((credentials) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/recharge-accounts/1/bank-connector',
          headers: auth(admin),
          payload: {
            provider: 'mercantil',
            base_url: bankUrl,
            credentials,
            enabled: true,
            capabilities: { verify: true, charge: true, notify: false, payout: true },
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(sets.map(() => 200));
    const rows = await t.database.db.select().from(bankConnectors);
    expect(rows).toHaveLength(1);
    const loaded = await loadConnector(t.database.db, 1, t.app.deps.bankVault);
    expect(sets).toContainEqual(loaded?.credentials);
    expect(loaded?.enabled).toEqual({
      verify: true,
      charge: true,
      requestKey: true,
      notify: false,
      payout: true,
    });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, 'recharge_account'));
    const actions = audits.map((a) => a.action).filter((a) => a.startsWith('bank_connector.'));
    expect(actions.filter((a) => a === 'bank_connector.create')).toHaveLength(1);
    expect(actions).toHaveLength(sets.length);
    for (const s of sets) expect(JSON.stringify(audits)).not.toContain(s.secretKey);
  });

  it('records each of many concurrent calls once, with its recharge', async () => {
    const loaded = (await loadConnector(t.database.db, 1, t.app.deps.bankVault))!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        httpFor(t.database.db, loaded, { type: 'recharge', id: 1000 + i })(
          'search',
          `${bankUrl}/x`,
          {
            method: 'POST',
            headers: {},
            body: '{}',
          },
        ),
      ),
    );
    expect(results.every((r) => r.ok && r.status === 200)).toBe(true);
    const calls = await t.database.db.select().from(bankConnectorCalls);
    expect(calls.map((c) => c.relatedId).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => 1000 + i),
    );
    expect(calls.every((c) => c.connectorId === loaded.connectorId && c.outcome === 'ok')).toBe(
      true,
    );
  });
});
