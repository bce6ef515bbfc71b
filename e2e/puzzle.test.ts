import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  PHONE,
  ROOT,
  apiCaller,
  loginViaUi,
  newContext,
  registerViaApi,
  shot,
  skipPotModal,
  trackErrors,
  useJourney,
} from './support';

/** The shipped set: the journey reads the answer there (the page never has it before the answer). */
const SHIPPED = path.join(ROOT, 'apps/server/src/modules/puzzles/shipped-puzzles.jsonl');

interface ShippedPuzzle {
  id: string;
  best: { tile: [number, number]; end: 'left' | 'right' };
}

/**
 * "Problema del día" journey (docs/decisions/060-puzzles.md) on the app as `npm start` runs it,
 * at 360x740: the player opens the puzzle from the dashboard, reads the position, taps the best
 * tile (and its end when it fits both), sees "¡Correcto!", the explanation in Spanish and a
 * streak of 1 day; the server recorded today's first-try solve; the daily puzzle the page showed
 * carried no answer; "Practicar" brings a puzzle of the chosen difficulty.
 */
describe('the daily puzzle', () => {
  const journey = useJourney({ npmStart: true });

  it.skipIf(!journey.ok)(
    'solves the daily puzzle, reads the explanation and the streak',
    { timeout: 180_000 },
    async () => {
      const base = journey.app.baseUrl;
      const api = apiCaller(base);
      const player = await registerViaApi(base);

      // The public GET: no answer travels before the player answers.
      const raw = await (await fetch(`${base}/api/puzzles/daily`)).text();
      const daily = JSON.parse(raw) as { id: string; day: string };
      expect(raw).not.toContain('"best"');
      expect(raw).not.toContain('"values"');
      const shipped = fs
        .readFileSync(SHIPPED, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as ShippedPuzzle)
        .find((p) => p.id === daily.id);
      expect(shipped).toBeDefined();
      const best = shipped!.best;

      const context = await newContext(journey.browser, base, PHONE);
      journey.contexts.push(context);
      await skipPotModal(context, base);
      const page = await context.newPage();
      const errors = trackErrors(page);
      await loginViaUi(page, player.email, player.password);
      await page.getByTestId('dashboard-puzzle').click();
      await page.waitForURL(/\/problema-del-dia$/);
      const puzzle = page.getByTestId('puzzle');
      await puzzle.waitFor();
      expect(await puzzle.getAttribute('data-puzzle-id')).toBe(daily.id);
      await expect.poll(() => page.getByTestId('puzzle-streak').isVisible()).toBe(true);
      expect(await page.getByTestId('puzzle-streak').getAttribute('data-current')).toBe('0');
      await shot(page, 'puzzle-phone');

      // Tap the best tile; choose its end when it fits both.
      const key = `${best.tile[0]}-${best.tile[1]}`;
      await page.getByTestId(`puzzle-tile-${key}`).click();
      const ends = page.getByTestId('puzzle-ends');
      const verdict = page.getByTestId('puzzle-verdict');
      await expect
        .poll(async () => (await verdict.isVisible()) || (await ends.isVisible()))
        .toBe(true);
      if (!(await verdict.isVisible())) await page.getByTestId(`puzzle-end-${best.end}`).click();
      await verdict.waitFor();
      expect(await verdict.getAttribute('data-correct')).toBe('true');
      await expect.poll(() => verdict.innerText()).toContain('¡Correcto!');
      const explanation = await page.getByTestId('puzzle-explanation').allInnerTexts();
      expect(explanation[0]).toMatch(/^La mejor jugada es el \d-\d/);
      expect(explanation.join(' ')).toContain('puntos esperados');
      await expect
        .poll(() => page.getByTestId('puzzle-streak').getAttribute('data-current'))
        .toBe('1');
      expect(await page.getByTestId('puzzle-streak').textContent()).toContain('Racha de 1 día');
      await verdict.scrollIntoViewIfNeeded();
      await shot(page, 'puzzle-solved-phone');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(1);

      // The server recorded today's first-try solve.
      const streak = await api('/api/puzzles/streak', player.token);
      expect(streak.status).toBe(200);
      expect(streak.json).toMatchObject({
        current: 1,
        best: 1,
        last_day: daily.day,
        answered_today: true,
        solved_today: true,
      });

      // Practice: a puzzle of the chosen difficulty, not today's.
      await page.locator('label[for$="-dificil"]').click();
      await expect.poll(() => page.getByRole('radio', { name: 'Difícil' }).isChecked()).toBe(true);
      await page.getByTestId('puzzle-practice').click();
      await expect
        .poll(async () => page.getByTestId('puzzle').getAttribute('data-puzzle-id'))
        .not.toBe(daily.id);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Práctica');
      expect(errors).toEqual([]);
    },
  );
});
