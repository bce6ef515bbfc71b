import { describe, expect, it } from 'vitest';
import {
  ConsoleErrors,
  allowConsoleErrors,
  browserAvailable,
  launchBrowser,
  newContext,
} from './support';

/**
 * The shared helpers fail a journey on any console error or uncaught page error
 * (failOnConsoleErrors in e2e/support.ts, docs/decisions/050-one-vocabulary.md): proven here on a
 * page without the app, so the check itself can be seen failing.
 */
describe('browser journeys fail on console errors', () => {
  it.skipIf(!browserAvailable())(
    'reports console.error and page errors, except named allowances',
    async () => {
      const browser = await launchBrowser();
      try {
        const noisy = await newContext(browser, 'http://127.0.0.1:9');
        const page = await noisy.newPage();
        await page.setContent(
          '<script>console.error("Unexpected API response shape"); setTimeout(() => { throw new Error("boom") });</script>',
        );
        await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
        await page.waitForFunction(() => true);
        const closing = noisy.close();
        await expect(closing).rejects.toBeInstanceOf(ConsoleErrors);
        await expect(closing).rejects.toThrow(/Unexpected API response shape[\s\S]*boom/);

        const quiet = await newContext(browser, 'http://127.0.0.1:9');
        allowConsoleErrors(quiet, {
          pattern: /^Esperado por la prueba$/,
          reason: 'this test logs it on purpose',
        });
        const calm = await quiet.newPage();
        await calm.setContent(
          '<script>console.error("Esperado por la prueba"); console.log("ok")</script>',
        );
        await expect(quiet.close()).resolves.toBeUndefined();
      } finally {
        await browser.close();
      }
    },
  );
});
