import { useState, type FormEvent, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Center,
  Container,
  CopyButton,
  Group,
  Loader,
  Menu,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconCopy,
  IconDots,
  IconSend,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { FriendActionResponse, FriendPerson, Invitation } from '@domino/contracts';
import { InvitationList } from '../../../components/InvitationList';
import { isApiError } from '../../../lib/api';
import { FRIENDS_QUERY_KEY, declineInvitation, useInvitations } from '../../../lib/friends';
import { notify } from '../../../lib/notify';
import { friendActions, useFriends } from '../api/friends';
import { canInvite, connectedSummary, presenceBadge } from '../lib/presence';

function initials(name: string): string {
  const parts = name.replace('.', '').split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts[1]?.[0] ?? '')).toUpperCase();
}

/** One player in a list: avatar, public name, @username, then the row's badge and actions. */
function PersonRow({
  person,
  badge,
  children,
  testId,
}: {
  person: FriendPerson;
  badge?: ReactNode;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={6}
      data-testid={testId}
      data-user-id={person.user_id}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar radius="xl" color="felt" variant="light" size={36}>
          {initials(person.name)}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          {/* Public names are short ('María G.'): the badge wraps under it on narrow rows. */}
          <Group gap={6} wrap="wrap" style={{ rowGap: 2 }}>
            <Text fw={700} fz="sm">
              {person.name}
            </Text>
            {badge}
          </Group>
          <Text fz="xs" c="dimmed" truncate>
            @{person.username}
          </Text>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {children}
      </Group>
    </Group>
  );
}

function Section({
  title,
  count,
  children,
  testId,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group gap="xs" mb="xs">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {count !== undefined && count > 0 && (
          <Badge variant="light" color="felt" size="sm">
            {count}
          </Badge>
        )}
      </Group>
      {children}
    </Card>
  );
}

/**
 * /amigos — friends (docs/product.md "Amigos"): the player's username to share, add a
 * friend by username, requests received (accept, decline, block) and sent (cancel), friends with
 * their presence (En línea, Esperando, Jugando, Desconectado; live through `friends:changed`,
 * refetched every 30 s too), "Invitar" to the private table the player sits at, pending
 * invitations, and blocked players (unblock).
 */
export default function FriendsPage() {
  const friends = useFriends();
  const invitations = useInvitations();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [declining, setDeclining] = useState<number | null>(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
  const fail = (error: unknown) => {
    if (!isApiError(error) || error.status !== 401)
      notify.error(isApiError(error) ? error.message : String(error));
  };

  /** Runs one row action (key identifies the button that shows the spinner). */
  const act = async (
    key: string,
    run: () => Promise<FriendActionResponse | { message: string }>,
  ) => {
    setBusy(key);
    try {
      notify.success((await run()).message);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
      refresh();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setUsernameError(null);
    setSending(true);
    try {
      const res = await friendActions.request(username);
      notify.success(res.message);
      setUsername('');
    } catch (error) {
      const field = isApiError(error) ? error.fieldErrors?.username?.[0] : undefined;
      if (field) setUsernameError(field);
      else if (isApiError(error) && error.status === 404) setUsernameError(error.message);
      else fail(error);
    } finally {
      setSending(false);
      refresh();
    }
  };

  const decline = async (invitation: Invitation) => {
    setDeclining(invitation.id);
    try {
      notify.info((await declineInvitation(invitation.id)).message);
    } catch (error) {
      fail(error);
    } finally {
      setDeclining(null);
      void queryClient.invalidateQueries({ queryKey: FRIENDS_QUERY_KEY });
    }
  };

  const data = friends.data;
  const table = data?.private_table ?? null;

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }}>
      <Group gap="sm" wrap="nowrap" align="center" mb="lg">
        <ThemeIcon size={44} radius="md" variant="light" color="felt" visibleFrom="xs">
          <IconUsers size={26} aria-hidden />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} fz={{ base: 24, sm: 32 }}>
            Amigos
          </Title>
          {data && (
            <Group gap={4} wrap="nowrap">
              <Text c="dimmed" fz="sm">
                Tu usuario:{' '}
                <Text span fw={700} c="dark" data-testid="my-username">
                  @{data.me.username}
                </Text>
              </Text>
              <CopyButton value={data.me.username}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copiado' : 'Copiar usuario'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'green' : 'gray'}
                      size="sm"
                      onClick={copy}
                      aria-label="Copiar mi usuario"
                    >
                      {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
          )}
        </Stack>
      </Group>

      {friends.isPending ? (
        <Center py="xl">
          <Loader color="felt" role="status" aria-label="Cargando amigos" />
        </Center>
      ) : friends.isError || !data ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="No pudimos cargar tus amigos"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">
              {isApiError(friends.error) ? friends.error.message : 'Intenta de nuevo.'}
            </Text>
            <Button size="xs" variant="light" onClick={() => void friends.refetch()}>
              Reintentar
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="md">
          <Card withBorder radius="md" padding="md">
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Stack gap="xs">
                <Title order={2} fz="lg">
                  Agregar amigo
                </Title>
                <Text fz="sm" c="dimmed">
                  Pídele su nombre de usuario y envíale una solicitud. Comparte el tuyo para que te
                  agreguen.
                </Text>
                <Group align="flex-start" gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    label="Nombre de usuario"
                    placeholder="@usuario"
                    value={username}
                    onChange={(e) => {
                      setUsername(e.currentTarget.value);
                      setUsernameError(null);
                    }}
                    error={usernameError}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    data-testid="friend-username"
                  />
                  <Button
                    type="submit"
                    mt={25}
                    loading={sending}
                    leftSection={<IconUserPlus size={16} aria-hidden />}
                    data-testid="friend-request-send"
                  >
                    Enviar
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>

          {table && (
            <Alert
              color="felt"
              variant="light"
              icon={<IconSend size={18} />}
              data-testid="private-table-hint"
            >
              Estás en la mesa privada <b>«{table.name}»</b>. Invita a tus amigos con el botón
              «Invitar».
            </Alert>
          )}

          {(invitations.data?.length ?? 0) > 0 && (
            <Section
              title="Invitaciones a mesas"
              count={invitations.data?.length}
              testId="friends-invitations"
            >
              <InvitationList
                invitations={invitations.data ?? []}
                onDecline={(i) => void decline(i)}
                declining={declining}
              />
            </Section>
          )}

          {data.incoming.length > 0 && (
            <Section
              title="Solicitudes recibidas"
              count={data.incoming.length}
              testId="friends-incoming"
            >
              {data.incoming.map((p) => (
                <PersonRow key={p.user_id} person={p} testId="incoming-row">
                  <Button
                    size="xs"
                    loading={busy === `accept-${p.user_id}`}
                    onClick={() =>
                      void act(`accept-${p.user_id}`, () => friendActions.accept(p.user_id))
                    }
                    data-testid="request-accept"
                  >
                    Aceptar
                  </Button>
                  <MoreMenu
                    name={p.name}
                    items={[
                      {
                        label: 'Rechazar',
                        onClick: () =>
                          void act(`decline-${p.user_id}`, () => friendActions.decline(p.user_id)),
                      },
                      {
                        label: 'Bloquear',
                        color: 'red',
                        onClick: () =>
                          void act(`block-${p.user_id}`, () => friendActions.block(p.user_id)),
                      },
                    ]}
                  />
                </PersonRow>
              ))}
            </Section>
          )}

          <Section title="Mis amigos" count={data.friends.length} testId="friends-list">
            {data.friends.length === 0 ? (
              <Text c="dimmed" fz="sm">
                Todavía no tienes amigos en Dominó. Agrega a alguien por su nombre de usuario.
              </Text>
            ) : (
              <>
                <Text fz="xs" c="dimmed" mb={4}>
                  {connectedSummary(data.friends)}
                </Text>
                {data.friends.map((f) => {
                  const badge = presenceBadge(f.presence);
                  return (
                    <PersonRow
                      key={f.user_id}
                      person={f}
                      testId="friend-row"
                      badge={
                        <Badge
                          size="xs"
                          variant="light"
                          color={badge.color}
                          data-testid="friend-presence"
                          style={{ flexShrink: 0 }}
                        >
                          {badge.label}
                        </Badge>
                      }
                    >
                      {table && canInvite(true, f) && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={busy === `invite-${f.user_id}`}
                          onClick={() =>
                            void act(`invite-${f.user_id}`, () =>
                              friendActions.invite(f.user_id, table.id),
                            )
                          }
                          data-testid="friend-invite"
                        >
                          Invitar
                        </Button>
                      )}
                      <MoreMenu
                        name={f.name}
                        items={[
                          {
                            label: 'Eliminar de mis amigos',
                            onClick: () =>
                              void act(`remove-${f.user_id}`, () =>
                                friendActions.remove(f.user_id),
                              ),
                          },
                          {
                            label: 'Bloquear',
                            color: 'red',
                            onClick: () =>
                              void act(`block-${f.user_id}`, () => friendActions.block(f.user_id)),
                          },
                        ]}
                      />
                    </PersonRow>
                  );
                })}
              </>
            )}
          </Section>

          {data.outgoing.length > 0 && (
            <Section
              title="Solicitudes enviadas"
              count={data.outgoing.length}
              testId="friends-outgoing"
            >
              {data.outgoing.map((p) => (
                <PersonRow key={p.user_id} person={p} testId="outgoing-row">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    loading={busy === `cancel-${p.user_id}`}
                    onClick={() =>
                      void act(`cancel-${p.user_id}`, () => friendActions.cancel(p.user_id))
                    }
                  >
                    Cancelar
                  </Button>
                </PersonRow>
              ))}
            </Section>
          )}

          {data.blocked.length > 0 && (
            <Section title="Bloqueados" count={data.blocked.length} testId="friends-blocked">
              {data.blocked.map((p) => (
                <PersonRow key={p.user_id} person={p} testId="blocked-row">
                  <Button
                    size="xs"
                    variant="subtle"
                    loading={busy === `unblock-${p.user_id}`}
                    onClick={() =>
                      void act(`unblock-${p.user_id}`, () => friendActions.unblock(p.user_id))
                    }
                  >
                    Desbloquear
                  </Button>
                </PersonRow>
              ))}
            </Section>
          )}
        </Stack>
      )}
    </Container>
  );
}

/** The "⋯" menu of a person's row: `items` in order, a red one for what cannot be undone at once. */
function MoreMenu({
  name,
  items,
}: {
  name: string;
  items: { label: string; color?: string; onClick(): void }[];
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Más opciones para ${name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.label} color={item.color} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
