import { useState } from 'react';
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconRefresh, IconWallet } from '@tabler/icons-react';
import { formatBolivares } from '../../lib/format';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/notify';
import { refreshUser } from '../../lib/session';

/** The player's balance (Bs.) with a refresh button that refetches GET /api/user (spec §2). */
export function BalanceBadge({ balance }: { balance: number }) {
  const [refreshing, setRefreshing] = useState(false);

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
