import { useState, type FormEvent } from 'react';
import {
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAdjustmentsDollar,
  IconArrowRight,
  IconCashBanknote,
  IconWallet,
} from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatBs } from '@domino/contracts';
import { bolivaresToCents } from '../../../lib/format';
import { useAdminRecharges, useAdminWithdrawals } from '../api/admin';

/** /admin: pending work at a glance, with links to each queue and to a balance adjustment. */
export default function AdminOverviewPage() {
  const recharges = useAdminRecharges('pendiente');
  const withdrawals = useAdminWithdrawals('pendiente');

  return (
    <Stack gap="lg">
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Resumen
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PendingCard
          testId="pending-recharges"
          icon={<IconWallet size={22} aria-hidden />}
          label="Recargas pendientes"
          query={recharges}
          to="/admin/recargas"
          action="Revisar recargas"
        />
        <PendingCard
          testId="pending-withdrawals"
          icon={<IconCashBanknote size={22} aria-hidden />}
          label="Retiros pendientes"
          query={withdrawals}
          to="/admin/retiros"
          action="Pagar retiros"
        />
      </SimpleGrid>
      <AdjustmentShortcut />
    </Stack>
  );
}

function PendingCard({
  icon,
  label,
  query,
  to,
  action,
  testId,
}: {
  icon: React.ReactNode;
  label: string;
  query: UseQueryResult<{ amount: number }[]>;
  to: string;
  action: string;
  testId: string;
}) {
  const count = query.data?.length;
  const totalCents = (query.data ?? []).reduce((sum, r) => sum + bolivaresToCents(r.amount), 0);
  return (
    <Card padding="lg" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fz="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          {query.isPending ? (
            <Loader size="sm" type="dots" />
          ) : query.isError ? (
            <Text fz="sm" c="red">
              {query.error.message}
            </Text>
          ) : (
            <>
              <Text fz={36} fw={800} lh={1} data-testid={`${testId}-count`}>
                {count}
              </Text>
              <Text fz="xs" c="dimmed">
                Total {formatBs(totalCents)}
              </Text>
            </>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color={count ? 'gold' : 'felt'}>
          {icon}
        </ThemeIcon>
      </Group>
      <Button
        component={Link}
        to={to}
        mt="md"
        variant={count ? 'filled' : 'light'}
        rightSection={<IconArrowRight size={16} aria-hidden />}
        fullWidth
      >
        {action}
      </Button>
    </Card>
  );
}

function AdjustmentShortcut() {
  const navigate = useNavigate();
  const [userId, setUserId] = useState<string | number>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(userId);
    navigate(
      Number.isSafeInteger(id) && id > 0 ? `/admin/usuarios/${id}/ajuste` : '/admin/ajustes',
    );
  };
  return (
    <Card padding="lg">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" color="felt" size="lg" radius="md">
          <IconAdjustmentsDollar size={20} aria-hidden />
        </ThemeIcon>
        <Title order={3} fz="md">
          Ajuste de saldo
        </Title>
      </Group>
      <Text fz="sm" c="dimmed" mb="sm">
        Corrige el saldo de un jugador con un crédito o débito, siempre con un motivo. Queda
        registrado en la auditoría.
      </Text>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="ID del jugador"
            value={userId}
            onChange={setUserId}
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            w={180}
            size="sm"
          />
          <Button type="submit" variant="light">
            Ajustar saldo
          </Button>
        </Group>
      </form>
    </Card>
  );
}
