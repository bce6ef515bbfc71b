import Bowser from 'bowser';

/**
 * A short Spanish description of the device behind a User-Agent ("Chrome en Android"), for the
 * account-change notice and the audit log (docs/decisions/013). Parsed with bowser; unknown or
 * missing agents read "un navegador desconocido".
 */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return 'un navegador desconocido';
  const parsed = Bowser.parse(userAgent.slice(0, 500));
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} en ${os}`;
  if (browser) return browser;
  if (os) return `un navegador en ${os}`;
  return 'un navegador desconocido';
}
