import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, caracasToday, saveBlob } from './csv';

describe('staff CSV files', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('takes today in Caracas, not in UTC', () => {
    expect(caracasToday(new Date('2026-11-26T03:59:00Z'))).toBe('2026-11-25');
    expect(caracasToday(new Date('2026-11-26T04:00:00Z'))).toBe('2026-11-26');
  });

  it('saves a file by a named link and keeps its URL valid long after the click', () => {
    vi.useFakeTimers();
    const revoked: string[] = [];
    vi.stubGlobal('URL', {
      createObjectURL: () => 'blob:csv-1',
      revokeObjectURL: (u: string) => revoked.push(u),
    });
    const clicked: { href: string; download: string }[] = [];
    const body: unknown[] = [];
    vi.stubGlobal('document', {
      createElement: () => {
        const a = {
          href: '',
          download: '',
          click: () => clicked.push({ href: a.href, download: a.download }),
          remove: () => body.splice(body.indexOf(a), 1),
        };
        return a;
      },
      body: { appendChild: (el: unknown) => body.push(el) },
    });
    saveBlob(new Blob(['a;b']), 'movimientos.csv');
    expect(clicked).toEqual([{ href: 'blob:csv-1', download: 'movimientos.csv' }]);
    expect(body).toEqual([]);
    // The browser reads the URL when it gets to it; a busy phone may take seconds.
    vi.advanceTimersByTime(30_000);
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS - 30_000);
    expect(revoked).toEqual(['blob:csv-1']);
  });
});
