import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';

/**
 * Reading a ZIP that a user sent (an XLSX is one) without letting it expand past our limits
 * (docs/decisions/046-bounded-file-parsing.md). yauzl reads the central directory first, so the
 * entry count, every declared size and every ratio are judged before a byte is inflated; then
 * only the entries asked for are inflated, one at a time, with a counter of the bytes actually
 * produced (a declared size can lie: the counter stops the entry at its declared size, and the
 * whole archive at `expandedBytes`). Nothing is written to disk.
 */

/** Limits of one archive; sizes in bytes. */
export interface ZipLimits {
  /** Most entries in the central directory. */
  entries: number;
  /** Most bytes all entries may declare, and most bytes the reads may actually inflate. */
  expandedBytes: number;
  /** Most inflated bytes per stored byte of one entry... */
  entryRatio: number;
  /** ...for entries declaring more than this many bytes. */
  ratioFloorBytes: number;
}

/** Why an archive was refused: not a ZIP we can read, too many entries, or too much once inflated. */
export type ZipRefusal = 'unreadable' | 'too_many_entries' | 'expanded_too_large';

export class ZipRefused extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(`zip refused: ${reason}`);
    this.name = 'ZipRefused';
  }
}

/** An archive whose central directory passed the limits. */
export interface BoundedZip {
  /** Entry names (as stored, `/`-separated). */
  readonly names: ReadonlySet<string>;
  /**
   * The inflated bytes of one entry, or null when there is no such entry. Throws ZipRefused
   * (`expanded_too_large` past the entry's declared size or the archive's budget, `unreadable`
   * for a broken, encrypted or unsupported entry).
   */
  read(name: string): Promise<Buffer | null>;
}

/**
 * Opens `bytes` as a ZIP and checks its central directory against `limits`. Throws ZipRefused:
 * `unreadable` (not a ZIP, broken directory), `too_many_entries`, `expanded_too_large` (the
 * declared sizes add up past `expandedBytes`, or one entry's ratio is over `entryRatio`).
 */
export async function openBoundedZip(bytes: Buffer, limits: ZipLimits): Promise<BoundedZip> {
  let zip: ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, {
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw new ZipRefused('unreadable');
  }
  if (zip.entryCount > limits.entries) throw new ZipRefused('too_many_entries');
  const entries = new Map<string, Entry>();
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.expandedBytes) throw new ZipRefused('expanded_too_large');
      if (
        entry.uncompressedSize > limits.ratioFloorBytes &&
        entry.uncompressedSize > Math.max(1, entry.compressedSize) * limits.entryRatio
      )
        throw new ZipRefused('expanded_too_large');
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
    }
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    throw new ZipRefused('unreadable');
  }

  let inflated = 0;
  return {
    names: new Set(entries.keys()),
    async read(name) {
      const entry = entries.get(name);
      if (!entry) return null;
      if (!entry.canDecodeFileData()) throw new ZipRefused('unreadable');
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw new ZipRefused('unreadable');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          inflated += chunk.length;
          // yauzl checks the declared size too, but only after the bytes went through.
          if (size > entry.uncompressedSize || inflated > limits.expandedBytes) {
            stream.destroy();
            throw new ZipRefused('expanded_too_large');
          }
          chunks.push(chunk);
        }
      } catch (err) {
        if (err instanceof ZipRefused) throw err;
        // yauzl's own size check (validateEntrySizes) may fire before our counter sees the bytes.
        if (err instanceof Error && /too many bytes/i.test(err.message))
          throw new ZipRefused('expanded_too_large');
        throw new ZipRefused('unreadable');
      }
      return Buffer.concat(chunks, size);
    },
  };
}
