/**
 * Which push services the server sends to (docs/decisions/025). The server POSTs to whatever
 * endpoint a browser registered, so an endpoint is a URL a player chooses: without this list a
 * player could make the server send requests to any https address (its own network included).
 * Browsers only ever hand out endpoints of their vendor's push service:
 * Chrome and Chromium-based browsers (Firebase Cloud Messaging), Firefox (Mozilla autopush),
 * Edge on Windows (Windows Push Notification Services), Safari (Apple Push Notification service).
 */
const EXACT_HOSTS = new Set(['fcm.googleapis.com', 'android.googleapis.com']);
const HOST_SUFFIXES = ['push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/** Whether `endpoint` is an https URL on port 443 of a known push service. */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return EXACT_HOSTS.has(host) || HOST_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`));
}
