import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  loginViaUi,
  newContext,
  PHONE,
  PLAYER_SCREENS,
  registerViaApi,
  settled,
  shot,
  useJourney,
} from './support';

/**
 * Every button reads whole at 360×740 (docs/decisions/050-one-vocabulary.md): 'Copiar enlace' was
 * cut to 'Copiar enla'. On each main screen of a player (and a private table's waiting room, with
 * its invitation panel), no visible button or button-like link has a label wider than its box or a
 * box past the screen's edge.
 */

/** Buttons whose text does not fit: label cut (scrollWidth > clientWidth) or box off screen. */
async function overflowingButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    const buttons = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], a.mantine-Button-root, [role="tab"]',
    );
    for (const b of buttons) {
      const box = b.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(b).visibility === 'hidden')
        continue;
      const text = (b.innerText || b.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ');
      const parts = [
        b,
        ...b.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Button-inner'),
      ];
      const cut = parts.some((el) => el.scrollWidth > el.clientWidth + 1);
      const off = box.left < -1 || box.right > width + 1;
      if ((cut || off) && text !== '')
        out.push(
          `${location.pathname}: «${text}»${cut ? ' cortado' : ''}${off ? ' fuera de la pantalla' : ''}`,
        );
    }
    return out;
  });
}

describe('buttons at 360 px', () => {
  const journey = useJourney();

  it.skipIf(!journey.ok)(
    'no button label is cut or off screen on the main screens',
    async () => {
      const { baseUrl } = journey.app;
      const player = await registerViaApi(baseUrl);
      const admin = (
        (await (
          await fetch(`${baseUrl}/api/login_api`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(ADMIN),
          })
        ).json()) as { token: string }
      ).token;
      const funded = await fetch(`${baseUrl}/api/admin/users/${player.id}/adjustments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
        body: JSON.stringify({ amount: 1000, reason: 'Saldo de prueba e2e' }),
      });
      expect(funded.status).toBe(200);

      const context = await newContext(journey.browser, baseUrl, PHONE);
      journey.contexts.push(context);
      const page = await context.newPage();
      await loginViaUi(page, player.email, player.password);
      const problems: string[] = [];
      const screens = PLAYER_SCREENS;
      for (const screen of screens) {
        await page.goto(screen);
        await page.locator('h1').first().waitFor();
        // Let the data arrive and the entrance animations end before measuring.
        await page.waitForLoadState('networkidle');
        await settled(page);
        problems.push(...(await overflowingButtons(page)));
      }
      // A private table's waiting room: the invitation panel's buttons.
      await page.goto('/mesas/nueva');
      await page.getByTestId('private-price-0').click();
      await page.getByTestId('private-create').click();
      await page.getByTestId('join-confirm-pay').click();
      await page.waitForURL(/\/waiting-room\/\d+$/);
      await page.getByTestId('invite-copy').waitFor();
      await settled(page);
      problems.push(...(await overflowingButtons(page)));
      await shot(page, 'narrow-invite-panel-360');
      expect(problems).toEqual([]);
    },
    180_000,
  );
});
