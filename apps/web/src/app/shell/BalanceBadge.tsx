import { useEffect, useState } from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatBolivares } from '../../lib/format';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { getSession, refreshUser, updateUser } from '../../lib/session';
import { subscribeToUserEvents, type RequestUpdatedEvent } from '../../lib/socket';
import { closedTableNotice } from '../../features/tables/lib/table-closed';

/**
 * Query-key prefix of the wallet feature (recharge, withdraw, transactions). The shell invalidates
 * it by prefix when the server says a request or the balance changed.
 */
const WALLET_QUERY_PREFIX = ['wallet'] as const;

/** Toast text for a decided request (`request:updated`); null for states not worth a toast. */
function requestNotice(event: RequestUpdatedEvent): string | null {
  if (event.kind === 'recharge') {
    if (event.status === 'aprobado') return 'Tu recarga fue aprobada';
    if (event.status === 'rechazado') return 'Tu recarga fue rechazada';
  } else {
    if (event.status === 'completado') return 'Tu retiro fue pagado';
    if (event.status === 'rechazado') return 'Tu retiro fue rechazado';
  }
  return null;
}

/**
 * Keeps the stored user's balance and the wallet queries in step with the server's per-user
 * events: `balance:updated` replaces the balance in the session store (so every reader of the
 * session sees it at once), `request:updated` refetches the wallet data and toasts decisions,
 * `table:closed` toasts the refund outside the waiting room.
 * When the socket first connects, and after every reconnection, the user is refetched, since
 * events may have been missed.
 */
function useLiveWallet(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refetch = () => {
      refreshUser().catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_PREFIX });
    };
    return subscribeToUserEvents({
      onBalance: ({ balance }) => {
        const user = getSession().user;
        if (user && user.balance !== balance) updateUser({ ...user, balance });
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_PREFIX });
      },
      onRequest: (event) => {
        void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_PREFIX });
        const notice = requestNotice(event);
        if (notice) notify.info(notice);
      },
      // Staff closed a table this player waited at (decision 010). Its waiting room says so
      // itself; anywhere else the shell does, so the refund is never silent.
      onTableClosed: (event) => {
        if (window.location.pathname === `/waiting-room/${event.table_id}`) return;
        const notice = closedTableNotice(null, event);
        notify.info(notice.message, notice.title);
      },
      onReconnect: refetch,
      // The balance read before the socket joined the user's room may have changed since.
      onJoined: refetch,
    });
  }, [queryClient]);
}

/**
 * The player's balance (Bs.) with a refresh button that refetches GET /api/user (docs/product.md §2). The
 * amount updates live on the server's `balance:updated` event.
 */
export function BalanceBadge({ balance }: { balance: number }) {
  const [refreshing, setRefreshing] = useState(false);
  useLiveWallet();

  const refresh = async () => {
    setRefreshing(true);
    try {
      await refreshUser();
    } catch (error) {
      // A 401 already started the session-expired flow; anything else is worth a toast.
      if (!isApiError(error) || error.status !== 401) {
        notify.error(isApiError(error) ? error.message : String(error));
      }
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <Group
      data-testid="balance-badge"
      gap={4}
      wrap="nowrap"
      pl={10}
      pr={4}
      py={3}
      style={{
        borderRadius: 999,
        background: 'rgba(255, 253, 247, 0.1)',
        border: '1px solid var(--mantine-color-gold-5)',
      }}
    >
      <IconWallet size={16} color="var(--mantine-color-gold-3)" aria-hidden />
      <Text
        component="span"
        fw={700}
        fz="sm"
        c="white"
        style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        aria-label={`Saldo: ${formatBolivares(balance)}`}
        data-testid="balance-amount"
        aria-live="polite"
      >
        {formatBolivares(balance)}
      </Text>
      <Tooltip label="Actualizar saldo" withArrow>
        <ActionIcon
          variant="subtle"
          color="gold.3"
          size="sm"
          radius="xl"
          onClick={refresh}
          loading={refreshing}
          aria-label="Actualizar saldo"
        >
          <IconRefresh size={15} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
