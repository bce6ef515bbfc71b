import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_RISK } from '@domino/contracts';
import { auditLog, riskItems } from '../apps/server/src/db/schema';
import type { Database } from '../apps/server/src/db/client';
import { insertPopulation } from '../apps/server/src/modules/risk/simulate';
import { createTestDatabase, postgresAvailable } from '../apps/server/src/test/helpers';
import {
  ADMIN,
  DESKTOP,
  PHONE,
  browserAvailable,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  startApp,
  trackErrors,
  useJourney,
} from './support';

/**
 * Risk queue journey (docs/decisions/032-risk-signals.md): a simulated match
 * history with a colluding pair and a chip-dumping pair is written straight to PostgreSQL, two
 * players register from one address; staff press "Recalcular" on /admin/riesgo, read the evidence
 * and hold one player's withdrawals from the queue. The server then refuses that player's
 * withdrawal in Spanish, the alert is attended and the hold is in the audit log.
 */
describe('risk queue: recompute, evidence and a withdrawal hold', async () => {
  let database: (Database & { url?: string }) | undefined;
  const journey = useJourney({
    available: browserAvailable() && (await postgresAvailable()),
    async start() {
      database = await createTestDatabase('postgres');
      const app = await startApp({ DATABASE_URL: database.url! });
      return {
        nodes: [app],
        async stop() {
          await app.stop();
          await database?.close();
        },
      };
    },
  });

  it.skipIf(!journey.ok)(
    'staff recompute, read the evidence and hold a player from the queue',
    { timeout: 180_000 },
    async () => {
      const { baseUrl } = journey.app;
      const db = database!.db;
      await insertPopulation(db, {
        seed: 7,
        accounts: 80,
        matches: 300,
        colludingPairs: 1,
        colludingMatches: 16,
        dumpingPairs: 1,
        dumpingMatches: 10,
        days: 20,
        now: new Date(),
      });
      // Two accounts made on one phone (same device id): linked. An address alone never links
      // two accounts (docs/decisions/039); here it only adds weight.
      const device = { 'x-device-id': 'e2e-risk-shared-phone-0001' };
      const ana = await registerViaApi(baseUrl, device);
      await registerViaApi(baseUrl, device);

      for (const [viewport, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        const context = await newContext(journey.browser, baseUrl, viewport);
        journey.contexts.push(context);
        const page = await context.newPage();
        const errors = trackErrors(page);
        await loginViaUi(page, ADMIN.email, ADMIN.password, '/admin/riesgo');
        if (name === 'desktop') {
          await page.getByTestId('risk-recompute').click();
          await page.getByText(/Señales recalculadas/).waitFor();
        }
        await page.getByTestId('admin-risk-item').first().waitFor();
        await page
          .locator('[data-kind="chip_dumping"]')
          .getByText(/perdió \d+ veces/)
          .waitFor();
        await page
          .locator('[data-kind="co_seating"]')
          .first()
          .getByText(/Jugaron juntos/)
          .waitFor();
        await shot(page, `risk-queue-${name}`);
        expect(errors).toEqual([]);
        if (name === 'phone') continue;

        // Hold Ana's withdrawals from the linked-accounts alert.
        const item = page.locator('[data-kind="linked"]').filter({ hasText: ana.name }).first();
        // One alert for the group, link by link: the device links, the address only adds weight
        // (docs/decisions/049), with the money at stake.
        await item
          .getByText(/^.+ y .+: mismo dispositivo, misma dirección IP \(solo suma peso\)\.$/)
          .waitFor();
        await item
          .getByTestId('risk-stake')
          .getByText(/^En juego: Bs\. /)
          .waitFor();
        await item
          .locator(`[data-user-id="${ana.id}"]`)
          .getByTestId('risk-account-actions')
          .click();
        await page.getByTestId('risk-action-hold').click();
        await page.getByTestId('risk-action-reason').fill('Misma dirección que otra cuenta');
        await page.getByRole('button', { name: 'Retener retiros' }).click();
        await page.getByText('Retiros retenidos', { exact: true }).first().waitFor();
        await shot(page, 'risk-queue-after-hold');
        // The user page shows the hold and links to the account's alerts.
        await page.goto(`/admin/usuarios/${ana.id}`);
        const panel = page.getByTestId('admin-user-risk');
        await panel.getByText(/Retiros retenidos: Misma dirección/).waitFor();
        await panel.getByText('0 alertas abiertas').waitFor();
        await shot(page, 'risk-user-page');
      }

      const res = await fetch(`${baseUrl}/api/withdraw_api`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ana.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 600, bank_account: 1 }),
      });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(MSG_RISK.withdrawalsHeld);
      const holds = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'risk.hold'), eq(auditLog.targetId, String(ana.id))));
      expect(holds).toHaveLength(1);
      expect(holds[0]!.reason).toBe('Misma dirección que otra cuenta');
      const actioned = await db.select().from(riskItems).where(eq(riskItems.status, 'actioned'));
      expect(actioned).toHaveLength(1);
      expect(actioned[0]!.userIds).toContain(ana.id);
    },
  );
});
