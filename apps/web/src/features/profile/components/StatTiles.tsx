import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { IconCalendar, IconStar, IconWallet } from '@tabler/icons-react';
import type { User } from '@domino/contracts';
import { UsdApprox } from '../../../components/UsdApprox';
import { formatBolivares } from '../../../lib/format';
import { formatProfileDate } from '../lib/profile';

function Tile({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={40} radius="md" variant="light" color="felt">
          {icon}
        </ThemeIcon>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} truncate>
            {value}
          </Text>
          {note}
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * The stat tiles (docs/product.md §2 Profile): 'Saldo Actual' (in Bs. like everywhere else:
 * docs/decisions/006; Bs. 0,00 when empty; with the "≈ US$" hint at the latest BCV rate when one is
 * recorded, decision 034), 'Puntos' (0 when empty) and 'Miembro desde' (dd/mm/yyyy, 'No
 * disponible' when empty).
 */
export function StatTiles({ user }: { user: User | null }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <Tile
        icon={<IconWallet size={22} aria-hidden />}
        label="Saldo Actual"
        value={formatBolivares(user?.balance ?? 0)}
        note={<UsdApprox balance={user?.balance ?? 0} testId="profile-usd-approx" />}
      />
      <Tile
        icon={<IconStar size={22} aria-hidden />}
        label="Puntos"
        value={(user?.points ?? 0).toLocaleString('es-VE')}
      />
      <Tile
        icon={<IconCalendar size={22} aria-hidden />}
        label="Miembro desde"
        value={formatProfileDate(user?.created_at)}
      />
    </SimpleGrid>
  );
}
