import { Fragment, type ReactNode } from 'react';
import { Stack, em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { QueueHeader } from './QueueHeader';
import { QueueState } from './QueueState';

/**
 * The shared layout of a staff queue page (recharges, withdrawals): header with the status filter
 * and refresh, loading/error/empty states, then the items as cards on phones and a table otherwise.
 */
export function QueueScaffold<T extends { id: number }>({
  title,
  subtitle,
  filters,
  status,
  onStatusChange,
  query,
  empty,
  card,
  table,
}: {
  title: string;
  subtitle: string;
  filters: readonly { value: string; label: string }[];
  status: string;
  onStatusChange: (value: string) => void;
  query: UseQueryResult<T[]>;
  empty: string;
  card: (item: T) => ReactNode;
  table: (items: T[]) => ReactNode;
}) {
  const phone = useMediaQuery(`(max-width: ${em(991)})`, false, { getInitialValueInEffect: false });
  return (
    <>
      <QueueHeader
        title={title}
        subtitle={subtitle}
        filters={filters}
        value={status}
        onChange={onStatusChange}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <QueueState query={query} empty={empty}>
        {(items) =>
          phone ? (
            <Stack gap="sm">
              {items.map((item) => (
                <Fragment key={item.id}>{card(item)}</Fragment>
              ))}
            </Stack>
          ) : (
            table(items)
          )
        }
      </QueueState>
    </>
  );
}
