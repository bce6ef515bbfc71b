import { useEffect, useState } from 'react';

/**
 * An object URL for a Blob (a proof preview or a fetched image), revoked when the blob changes or
 * the component unmounts. Null while there is no blob.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    let live = true;
    // Published from a microtask so a StrictMode double mount never shows a revoked URL.
    queueMicrotask(() => {
      if (live) setEntry({ blob, url });
    });
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return entry && blob && entry.blob === blob ? entry.url : null;
}
