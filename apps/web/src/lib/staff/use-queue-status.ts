import { useSearchParams } from 'react-router';

/**
 * The status filter of a staff queue, kept in the URL (`?estado=`, 'pendiente' by default); a new
 * choice replaces the history entry.
 */
export function useQueueStatus(): [string, (value: string) => void] {
  const [search, setSearch] = useSearchParams();
  const status = search.get('estado') ?? 'pendiente';
  const setStatus = (value: string) =>
    setSearch(new URLSearchParams({ estado: value }), { replace: true });
  return [status, setStatus];
}
