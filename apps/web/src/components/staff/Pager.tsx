import { Group, Pagination, Text } from '@mantine/core';
import { LIMITS } from '@domino/contracts';
import { pageCount } from '../../lib/staff/console';

/** "21–40 de 57" and the page buttons (at most 5 numbers, docs/product.md §9), hidden when one page holds all. */
export function Pager({
  page,
  perPage,
  total,
  onChange,
  testId,
}: {
  page: number;
  perPage: number;
  total: number;
  onChange(page: number): void;
  testId?: string;
}) {
  const pages = pageCount(total, perPage);
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Group justify="space-between" gap="xs" data-testid={testId}>
      <Text fz="xs" c="dimmed">
        {total === 0 ? 'Sin resultados' : `${first}–${last} de ${total}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          size="sm"
          siblings={Math.floor((LIMITS.paginationMaxPages - 3) / 2)}
          boundaries={1}
          getControlProps={(control) => ({
            'aria-label':
              control === 'next'
                ? 'Página siguiente'
                : control === 'previous'
                  ? 'Página anterior'
                  : control === 'first'
                    ? 'Primera página'
                    : 'Última página',
          })}
        />
      )}
    </Group>
  );
}
