import { describe, expect, it } from 'vitest';
import { MSG_PLACE } from '@domino/contracts';
import {
  apiCaller,
  staffToken,
  PHONE,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
  skipPotModal,
} from './support';

/**
 * One place at a time in the browser (docs/decisions/047-one-place-at-a-time.md): a player who
 * is searching in "Jugar ahora" presses "Jugar" on a table of the dashboard and confirms the
 * entry. The server refuses (409 place/elsewhere, nothing charged); the toast says where the
 * player is and its button leads back to the search.
 */
describe('one place at a time: a searching player cannot sit at a table', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'names the search, links to it, and charges nothing',
    { timeout: 180_000 },
    async () => {
      const base = journey.app.baseUrl;
      const call = apiCaller(base);
      const admin = await staffToken(base);
      const p = await registerViaApi(base);
      const funded = await call(`/api/admin/users/${p.id}/adjustments`, admin, {
        amount: 1000,
        reason: 'Saldo de prueba e2e',
      });
      expect(funded.status).toBe(200);
      const queued = await call('/api/quick-play', p.token, {
        mode: 'individual',
        entry_price: 100,
      });
      expect(queued.json.status).toBe('waiting');

      const ctx = await newContext(journey.browser, base, PHONE);
      await skipPotModal(ctx, base);
      journey.contexts.push(ctx);
      const page = await ctx.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, p.email, p.password, '/dashboard');
      await page.getByTestId('table-join-1').click();
      await page.getByTestId('join-confirm-pay').click();
      const go = page.getByTestId('place-elsewhere-go');
      await expect.poll(() => go.isVisible()).toBe(true);
      await expect.poll(() => page.getByText(MSG_PLACE.inQuick).isVisible()).toBe(true);
      expect(await go.textContent()).toBe(MSG_PLACE.link.quick);
      await shot(page, 'one-place-refused-360');
      await go.click();
      await page.waitForURL('**/jugar-ahora');
      await expect.poll(() => page.getByTestId('quick-searching').isVisible()).toBe(true);

      // Creating a private table is refused the same way, inline, with the same link.
      await page.goto('/mesas/nueva');
      await page.getByTestId('private-create').click();
      await page.getByTestId('join-confirm-pay').click();
      const formError = page.getByTestId('private-form-error');
      await expect.poll(() => formError.isVisible()).toBe(true);
      expect(await formError.textContent()).toContain(MSG_PLACE.inQuick);
      const inline = formError.getByTestId('place-elsewhere-go');
      expect(await inline.textContent()).toBe(MSG_PLACE.link.quick);
      await inline.click();
      await page.waitForURL('**/jugar-ahora');

      // Nothing charged, not seated, still searching (a created private table would have charged the entry).
      expect((await call('/api/user/balance', p.token)).json.balance).toBe(1000);
      const table = await call('/api/tables/1', p.token);
      expect(JSON.stringify(table.json.seats)).not.toContain(`"id":${p.id}`);
      expect((await call('/api/quick-play', p.token)).json.status).toBe('waiting');
      expect(errors).toEqual([]);
    },
  );
});
