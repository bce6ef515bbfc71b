import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
} from './support';

/**
 * A whole practice match played with the keyboard alone (docs/decisions/044-keyboard-and-screen-reader.md):
 * Tab to the hand, arrow keys between tiles, Enter to play, Enter on the end button the focus
 * jumps to when a tile fits both ends, Tab and Enter on "Continuar" after each hand. The live
 * region must have announced the moves, the reading keys must answer, and the server must hold
 * the finished match.
 */

/** What the page shows now, read in one go. */
async function state(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    const visible = (sel: string) => {
      const el = document.querySelector<HTMLElement>(sel);
      return !!el && el.offsetParent !== null;
    };
    return {
      done: visible('[data-testid="result-overlay"]'),
      summary: visible('[data-testid="hand-summary-close"]'),
      myTurn:
        document.querySelector('[data-testid="turn-status"]')?.getAttribute('data-my-turn') ===
        'true',
      inRack: !!active?.closest('[data-testid="hand"]'),
      onEnd: active?.hasAttribute('data-drop-end') ?? false,
      activeTestId: active?.getAttribute('data-testid') ?? null,
      activeName: active?.getAttribute('aria-label') ?? active?.textContent ?? '',
      playable: active?.getAttribute('data-playable') === 'true',
      spoken: [...document.querySelectorAll('[data-testid="game-announcer"] p')].map(
        (p) => p.textContent ?? '',
      ),
    };
  });
}

/** Presses Tab until the focused element satisfies `ok` (at most `max` presses). */
async function tabUntil(
  page: Page,
  ok: (s: Awaited<ReturnType<typeof state>>) => boolean,
  max = 60,
) {
  for (let i = 0; i < max; i++) {
    if (ok(await state(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the element (focus on ${(await state(page)).activeTestId})`);
}

describe('a practice match with the keyboard alone', () => {
  const journey = useJourney({
    env: { BOT_MIN_DELAY_MS: '60', BOT_MAX_DELAY_MS: '120', HAND_PAUSE_MS: '400' },
  });

  it.skipIf(!journey.ok)(
    'plays to the result with Tab, arrows and Enter, hears every move and the server records it',
    { timeout: 240_000 },
    async () => {
      const { baseUrl } = journey.app;
      const player = await registerViaApi(baseUrl);
      const context = await newContext(journey.browser, baseUrl, PHONE);
      journey.contexts.push(context);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);

      // Choose "contra la CPU", Fácil and start, all with Tab and Enter.
      // Each control is waited for before tabbing to it: Tab presses sent while the page is
      // still loading would run out on a page that has nothing to focus yet.
      await page.goto('/games');
      await page.getByTestId('mode-cpu').waitFor();
      await tabUntil(page, (s) => s.activeTestId === 'mode-cpu');
      await page.keyboard.press('Enter');
      await page.getByTestId('difficulty-facil').waitFor();
      await tabUntil(page, (s) => s.activeTestId === 'difficulty-facil');
      await page.keyboard.press('Enter');
      await page.getByTestId('play-cpu').waitFor();
      await tabUntil(page, (s) => s.activeTestId === 'play-cpu');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
      const gameId = page.url().split('/').pop() as string;

      const heard = new Set<string>();
      const endNames: string[] = [];
      let plays = 0;
      let readOnDemand = false;
      const deadline = Date.now() + 200_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error('the match did not finish in time');
        // Wait for something to do: my turn, a hand summary or the result.
        await page.waitForFunction(
          () =>
            !!document.querySelector('[data-testid="result-overlay"]') ||
            !!document.querySelector('[data-testid="hand-summary-close"]') ||
            document.querySelector('[data-testid="turn-status"]')?.getAttribute('data-my-turn') ===
              'true',
          undefined,
          { timeout: 30_000 },
        );
        let s = await state(page);
        s.spoken.forEach((t) => heard.add(t));
        if (s.done) break;
        if (s.summary) {
          await tabUntil(page, (x) => x.activeTestId === 'hand-summary-close' || !x.summary, 20);
          if ((await state(page)).summary) await page.keyboard.press('Enter');
          await page.waitForFunction(
            () => !document.querySelector('[data-testid="hand-summary-close"]'),
          );
          continue;
        }
        if (!s.myTurn) continue;

        // A turn with one legal move is played for the player after 1.2 s
        // (docs/decisions/004-game-flow-rules.md): the readings wait for a turn with two
        // playable tiles or more, whose clock leaves them time (on a loaded machine the forced
        // move's sentences pushed the readings out of the region's last six).
        const choices = await page.locator('[data-testid="hand"] [data-playable="true"]').count();
        if (!readOnDemand && plays >= 2 && choices >= 2) {
          // The reading keys answer in the live region; '?' lists them.
          for (const key of ['p', 't', 'm', 'r']) await page.keyboard.press(key);
          await page.keyboard.press('?');
          await page.getByTestId('game-keys-help').getByText('Leer la puntuación').waitFor();
          await page.keyboard.press('Escape');
          await page.getByText('Leer la puntuación').waitFor({ state: 'hidden' });
          const said = (await state(page)).spoken.join(' ');
          expect(said).toMatch(/Puntuación: Nosotros \d+ — Ellos \d+\./);
          expect(said).toMatch(/Tu mano, \d+ fichas?: /);
          readOnDemand = true;
          s = await state(page);
          if (!s.myTurn) continue;
        }

        if (!s.inRack) await tabUntil(page, (x) => x.inRack || !x.myTurn, 40);
        // Arrow to a playable tile (the rack wraps around).
        for (let i = 0; i < 10 && !(await state(page)).playable; i++) {
          await page.keyboard.press('ArrowRight');
        }
        s = await state(page);
        if (!s.myTurn || !s.playable) continue;
        expect(s.activeName).toMatch(/^(doble \p{L}+|\p{L}+-\p{L}+), se puede jugar/u);
        const version = await page.getByTestId('game-screen').getAttribute('data-version');
        await page.keyboard.press('Enter');
        // Played (a new version), or the focus went to an end button to choose the side.
        await page.waitForFunction(
          (v) =>
            document.querySelector('[data-testid="game-screen"]')?.getAttribute('data-version') !==
              v || !!document.activeElement?.hasAttribute('data-drop-end'),
          version,
          { timeout: 15_000 },
        );
        const after = await state(page);
        if (after.onEnd) {
          // The tile fits both ends: the focus went to the first end button.
          endNames.push(after.activeName);
          await page.keyboard.press('Enter');
          await page.waitForFunction(
            (v) =>
              document
                .querySelector('[data-testid="game-screen"]')
                ?.getAttribute('data-version') !== v,
            version,
            { timeout: 15_000 },
          );
        }
        plays += 1;
      }
      (await state(page)).spoken.forEach((t) => heard.add(t));
      await shot(page, 'keyboard-practice-result-phone');

      const all = [...heard];
      expect(plays).toBeGreaterThan(3);
      expect(readOnDemand).toBe(true);
      // The live region said what the CPU players and I did.
      expect(all.some((t) => /^(Jugaste|Saliste con)/.test(t))).toBe(true);
      expect(all.some((t) => /(jugó .+ a la (izquierda|derecha)|salió con el)/.test(t))).toBe(true);
      expect(all.some((t) => /^Fin de la mano \d+/.test(t))).toBe(true);
      for (const name of endNames) {
        expect(name).toMatch(/^(doble \p{L}+|\p{L}+-\p{L}+), a la (izquierda|derecha)$/u);
      }

      // The server holds the finished match: its view and its revealed deals.
      const login = await fetch(`${baseUrl}/api/login_api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: player.email, password: player.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { authorization: `Bearer ${token}` };
      const view = (await (
        await fetch(`${baseUrl}/api/games/${gameId}/view`, { headers: auth })
      ).json()) as {
        status: string;
        kind: string;
        target_points: number;
        result: { scores: number[]; hands: number } | null;
      };
      expect(view.kind).toBe('practice');
      expect(view.status).toBe('finished');
      expect(Math.max(...(view.result?.scores ?? [0]))).toBeGreaterThanOrEqual(view.target_points);
      const fairness = await fetch(`${baseUrl}/api/games/${gameId}/fairness`, { headers: auth });
      expect(fairness.status).toBe(200);
      const record = (await fairness.json()) as { deals: unknown[] };
      expect(record.deals).toHaveLength(view.result?.hands ?? -1);
      expect(errors).toEqual([]);
    },
  );
});
