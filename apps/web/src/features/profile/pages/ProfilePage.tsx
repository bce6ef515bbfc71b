import { useEffect, useState } from 'react';
import { Button, Card, Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconReceipt, IconRefresh, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MSG } from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { useIdentityStatus } from '../../../lib/identity';
import { refreshUser, useSession } from '../../../lib/session';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { IdentityCard } from '../components/IdentityCard';
import { NotificationsCard } from '../components/NotificationsCard';
import { InstallAppCard } from '../../../components/InstallAppCard';
import { NameAndAgeCard } from '../components/NameAndAgeCard';
import { PersonalInfoCard } from '../components/PersonalInfoCard';
import { ProfileHeaderCard } from '../components/ProfileHeaderCard';
import { StatTiles } from '../components/StatTiles';
import { RatingsCard } from '../components/RatingsCard';
import { useMyRatings } from '../api/ratings';
import { Loading } from '../../../components/LoadState';
import { ResponsibleCard } from '../components/ResponsibleCard';
import classes from './ProfilePage.module.css';

/**
 * /profile (docs/product.md §2 Profile, §4, §8; decision 006): header card with the photo, stat tiles, the
 * ratings card (decision 026), the personal-information card with its edit form, the quick actions, the notifications
 * (decision 025), the identity verification with its 'Verificado' badge (decision 031) and "Juego responsable"
 * (decision 030). The user comes from the
 * session and is refetched from the server on arrival and by 'Actualizar Perfil'.
 */
export default function ProfilePage() {
  const { user } = useSession();
  const [refreshing, setRefreshing] = useState(false);
  const [passwordOpened, passwordModal] = useDisclosure(false);
  const identity = useIdentityStatus(user !== null);
  // The level and the identity state change the height of the cards above the forms: the page
  // waits for both, so nothing moves under a finger once shown (docs/decisions/080-pages-hold-still-while-loading.md).
  const ratings = useMyRatings();
  const waiting = ratings.isPending || (user !== null && identity.isPending);

  // What the server says wins over what this browser stored (another device may have edited it).
  useEffect(() => {
    refreshUser().catch(() => undefined);
  }, []);

  const refresh = () => {
    setRefreshing(true);
    refreshUser()
      .then(() => notify.info(MSG.profileRefreshed))
      .catch(() => notify.error(MSG.profileUpdateError))
      .finally(() => setRefreshing(false));
  };

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }}>
      <Group gap="sm" wrap="nowrap" align="center" mb="lg">
        <ThemeIcon size={44} radius="md" variant="light" color="felt" visibleFrom="xs">
          <IconUserCircle size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Mi Perfil
          </Title>
          <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
            Tus datos, tu saldo y la seguridad de tu cuenta.
          </Text>
        </Stack>
      </Group>

      {waiting ? (
        <Loading label="Cargando tu perfil…" />
      ) : (
        <div className={classes.layout}>
          <div className={classes.column}>
            <div className={classes.header}>
              <ProfileHeaderCard user={user} identity={identity.data} />
            </div>
            <Card padding="lg" shadow="sm" className={classes.actions}>
              <Title order={2} fz={{ base: 18, sm: 20 }} mb="sm">
                Acciones rápidas
              </Title>
              <Stack gap="xs">
                <Button
                  variant="light"
                  justify="flex-start"
                  leftSection={<IconRefresh size={18} aria-hidden />}
                  loading={refreshing}
                  onClick={refresh}
                  fullWidth
                >
                  Actualizar Perfil
                </Button>
                <Button
                  component={Link}
                  to="/transactions"
                  variant="light"
                  justify="flex-start"
                  leftSection={<IconReceipt size={18} aria-hidden />}
                  fullWidth
                >
                  Ver Transacciones
                </Button>
                <Button
                  variant="light"
                  justify="flex-start"
                  leftSection={<IconKey size={18} aria-hidden />}
                  onClick={passwordModal.open}
                  fullWidth
                >
                  Cambiar Contraseña
                </Button>
              </Stack>
            </Card>
            <div className={classes.identity}>
              <IdentityCard status={identity.data} />
            </div>
          </div>
          <div className={classes.column}>
            <div className={classes.stats}>
              <StatTiles user={user} />
            </div>
            <div className={classes.ratings}>
              <RatingsCard />
            </div>
            {user && (
              <div className={classes.info}>
                <NameAndAgeCard key={user.id} user={user} />
              </div>
            )}
            <div className={classes.info}>
              {/* Re-mounted when another user logs in in this tab: the form never shows stale data. */}
              <PersonalInfoCard key={user?.id ?? 0} user={user} />
            </div>
            <div className={classes.notifications}>
              <NotificationsCard key={user?.id ?? 0} />
              <InstallAppCard />
            </div>
            <div className={classes.responsible}>
              <ResponsibleCard key={user?.id ?? 0} />
            </div>
          </div>
        </div>
      )}
      <ChangePasswordModal opened={passwordOpened} onClose={passwordModal.close} />
    </Container>
  );
}
