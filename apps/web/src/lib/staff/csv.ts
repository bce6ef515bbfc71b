import { apiBlob } from '../api';

/**
 * Staff CSV downloads (docs/decisions/034-daily-report-and-bcv-rate.md): the token rides in the
 * header, so a file is fetched and then saved; files are named by the Caracas day.
 */

/** Today's Caracas calendar day, 'YYYY-MM-DD' (the report's default and the rate form's). */
export { caracasToday } from '@domino/contracts';

/**
 * How long the object URL of a saved file stays valid after the click (ms). The browser reads a
 * `blob:` URL after the click returns, when it gets to it (Firefox bug 1282407; a busy phone or
 * machine may take seconds), and a URL revoked before then gives no download at all; FileSaver.js
 * waits 40 s for the same reason. The file is a small CSV, kept that long in memory.
 */
export const OBJECT_URL_LIFETIME_MS = 40_000;

/** Saves a Blob as a file download named `filename` (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/** Downloads a staff CSV (the token rides in the header, so it is fetched, then saved). */
export async function downloadCsv(path: string, filename: string): Promise<void> {
  const blob = await apiBlob(path, undefined, 'text/csv');
  saveBlob(blob, filename);
}
