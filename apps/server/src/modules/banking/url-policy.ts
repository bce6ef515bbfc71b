import { isIP } from 'node:net';
import { MSG_BANKING } from '@domino/contracts';
import type { BankProvider } from './connector';
import { providerInfo } from './registry';

/**
 * Which base URLs a connector may call (docs/decisions/051-bank-connectors.md "Configuration and
 * secrets"). The server sends credentials to that address, so staff input must not be able to
 * point it anywhere else (an internal service, an attacker's host). A base URL is accepted when:
 *
 * - it is `https:` and its host is one of the provider's hosts (`BankConnector.hosts`, or the
 *   fallback table of ./registry.ts until the provider registers): compared exactly, lower case;
 *   the port must be the default (443) unless the provider's entry names one (`host:444`, Banco de
 *   Venezuela's quality environment); or
 * - its origin is exactly the simulator's (BANK_SIMULATOR_URL, the server's own setting, http or
 *   https, never staff input).
 *
 * Always refused: user and password in the URL, IP literals as the host (v4, v6, or the decimal
 * and hex forms URL parsing turns into v4), `..` or its percent-encoded forms anywhere in the text
 * (the URL parser would silently resolve it), a query or fragment, spaces, control characters and
 * backslashes. The accepted value is normalised: origin plus path, no trailing slash.
 */

export type UrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

const refuse = (reason: string): UrlVerdict => ({ ok: false, reason });

/** The origin of BANK_SIMULATOR_URL, or null when unset or unparsable. */
export function simulatorOrigin(simulatorUrl: string | undefined): string | null {
  if (!simulatorUrl) return null;
  try {
    const u = new URL(simulatorUrl);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * Checks a base URL against an explicit host list (see the module comment). `label` names the
 * provider in the Spanish refusal.
 */
export function checkUrlAgainst(
  input: string,
  hosts: readonly string[],
  label: string,
  simulatorUrl?: string,
): UrlVerdict {
  const text = input.trim();
  // eslint-disable-next-line no-control-regex
  if (/[\s\\\u0000-\u001f\u007f]/.test(text)) return refuse(MSG_BANKING.urlCharacters);
  if (/\.\.|%2e%2e|\.%2e|%2e\./i.test(text)) return refuse(MSG_BANKING.urlDotDot);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse(MSG_BANKING.urlInvalid);
  }
  if (url.username || url.password || /^[a-z]+:\/\/[^/]*@/i.test(text))
    return refuse(MSG_BANKING.urlUserinfo);
  if (url.search || url.hash || text.includes('?') || text.includes('#'))
    return refuse(MSG_BANKING.urlQuery);
  const normalised = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const sim = simulatorOrigin(simulatorUrl);
  if (sim !== null && url.origin === sim) return { ok: true, url: normalised };
  if (url.protocol !== 'https:') return refuse(MSG_BANKING.urlNotHttps);
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  // The WHATWG parser turns "2130706433" or "0x7f.1" into 127.0.0.1: look at what it made.
  if (isIP(bare) !== 0) return refuse(MSG_BANKING.urlIpLiteral);
  const allowed = hosts.map((h) => h.toLowerCase());
  // `url.host` carries the port only when it is not the default (443).
  if (allowed.includes(url.host)) return { ok: true, url: normalised };
  const knownHost = allowed.some((h) => h === url.hostname || h.startsWith(`${url.hostname}:`));
  if (url.port && knownHost) return refuse(MSG_BANKING.urlPort);
  return refuse(MSG_BANKING.urlHost(label, hosts.join(', ')));
}

/** Checks a base URL for `provider` (its registered connector's hosts, else the fallback table). */
export function checkBaseUrl(
  provider: BankProvider,
  input: string,
  simulatorUrl?: string,
): UrlVerdict {
  const info = providerInfo(provider);
  return checkUrlAgainst(input, info.hosts, info.label, simulatorUrl);
}

/**
 * Whether `requestUrl` stays inside `baseUrl`: same origin and a path under the base's path.
 * makeBankHttp refuses any other call, so a connector bug cannot send credentials elsewhere.
 */
export function isUnderBase(baseUrl: string, requestUrl: string): boolean {
  try {
    const base = new URL(baseUrl);
    const req = new URL(requestUrl);
    if (req.origin !== base.origin || req.username || req.password) return false;
    const prefix = base.pathname.replace(/\/+$/, '');
    return prefix === '' || req.pathname === prefix || req.pathname.startsWith(`${prefix}/`);
  } catch {
    return false;
  }
}
