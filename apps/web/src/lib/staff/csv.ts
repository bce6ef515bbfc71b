import { apiBlob } from '../api';

/**
 * Staff CSV downloads (docs/decisions/034-daily-report-and-bcv-rate.md): the token rides in the
 * header, so a file is fetched and then saved; files are named by the Caracas day.
 */

/** Today's Caracas calendar day, 'YYYY-MM-DD' (the report's default and the rate form's). */
export { caracasToday } from '@domino/contracts';

/** Saves a Blob as a file download named `filename` (the browser's own download). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Downloads a staff CSV (the token rides in the header, so it is fetched, then saved). */
export async function downloadCsv(path: string, filename: string): Promise<void> {
  const blob = await apiBlob(path, undefined, 'text/csv');
  saveBlob(blob, filename);
}
