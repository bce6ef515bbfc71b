import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  capture,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  trackErrors,
  useJourney,
  waitUntil,
} from './support';

/**
 * "Análisis" journey (docs/decisions/029-post-game-analysis.md) on the app as `npm start` runs it
 * (embedded database, the runner's worker thread under tsx): a practice match against Medio is
 * played quickly through the public board API, then the player opens the result overlay at
 * 360x740, taps "Análisis de tus jugadas", waits out "Analizando…" and reads the accuracy and the
 * decisions; the server's record of the analysis matches the page, and another player is
 * refused.
 */
describe('the analysis of a practice match', () => {
  const journey = useJourney({
    npmStart: true,
    env: { BOT_MIN_DELAY_MS: '0', BOT_MAX_DELAY_MS: '0', HAND_PAUSE_MS: '0' },
  });

  type View = {
    status: string;
    version: number;
    turn_seat: number | null;
    my_seat: number;
    legal_moves: Record<string, unknown>[];
  };

  /** Plays the player's seat to the end with its first legal move each turn (API). */
  async function playThroughApi(base: string, token: string, gameId: string): Promise<void> {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      // The player's turn with a move to send, or the end of the match.
      const view = await waitUntil(
        "the player's turn, or the end",
        async () => {
          const v = (await (
            await fetch(`${base}/api/games/${gameId}/view`, { headers })
          ).json()) as View;
          const mine = v.turn_seat === v.my_seat && v.legal_moves.length > 0;
          return v.status === 'finished' || mine ? v : undefined;
        },
        { timeoutMs: Math.max(0, deadline - Date.now()), everyMs: 40 },
      );
      if (view.status === 'finished') return;
      await fetch(`${base}/api/games/${gameId}/moves`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ version: view.version, ...view.legal_moves[0] }),
      });
    }
    throw new Error('the practice match did not finish in time');
  }

  it.skipIf(!journey.ok)(
    'opens Análisis from the result and shows the accuracy and the decisions',
    { timeout: 240_000 },
    async () => {
      const base = journey.app.baseUrl;
      const player = await registerViaApi(base);
      const other = await registerViaApi(base);
      const created = await fetch(`${base}/api/practice-games`, {
        method: 'POST',
        headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ difficulty: 'medio' }),
      });
      expect(created.status).toBe(201);
      const { game_id: gameId } = (await created.json()) as { game_id: string };
      await playThroughApi(base, player.token, gameId);

      const context = await newContext(journey.browser, base, PHONE);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password, `/games/${gameId}`);
      await page.getByTestId('result-analysis').scrollIntoViewIfNeeded();
      await capture(page, 'analysis-result-overlay-phone', { fullPage: false });
      await page.getByTestId('result-analysis').click();
      await page.waitForURL(new RegExp(`/history/${gameId}/analisis$`));
      // Analizando… then the result (the runner ticks once a second).
      await expect
        .poll(() => page.getByTestId('analysis-accuracy').isVisible(), { timeout: 60_000 })
        .toBe(true);
      const accuracy = await page.getByTestId('analysis-accuracy').innerText();
      expect(accuracy).toMatch(/^(\d{1,3}%|—)$/);
      const cards = page.getByTestId('analysis-decision');
      expect(await cards.count()).toBeGreaterThan(5);
      await shot(page, 'analysis-phone');
      // Nothing overflows the phone's width.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);

      // The server's record says the same as the page.
      const res = await fetch(`${base}/api/games/${gameId}/analysis`, {
        headers: { authorization: `Bearer ${player.token}` },
      });
      const record = (await res.json()) as {
        status: string;
        seat: number;
        summary: { accuracy: number | null; decisions: number; notable: number };
      };
      expect(record).toMatchObject({ status: 'done', seat: 0 });
      expect(accuracy).toBe(record.summary.accuracy === null ? '—' : `${record.summary.accuracy}%`);
      expect(await cards.count()).toBe(record.summary.decisions);
      expect(await page.locator('[data-verdict="notable"]').count()).toBe(record.summary.notable);

      // The notable-mistakes filter shows only those.
      await page.getByText(/^Errores notables/).click();
      expect(await cards.count()).toBe(record.summary.notable);

      // Another player learns nothing: someone else's practice match is a missing match
      // (docs/decisions/048-strangers-and-acknowledgements.md), in Spanish.
      const refused = await fetch(`${base}/api/games/${gameId}/analysis`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}` },
      });
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^La partida no existe/,
      );

      await page.setViewportSize(DESKTOP);
      await page.getByText(/^Todas/).click();
      await shot(page, 'analysis-desktop');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
