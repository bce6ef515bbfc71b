import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Switch,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IconBell, IconBellOff, IconInfoCircle } from '@tabler/icons-react';
import {
  MSG_PUSH,
  NOTIFICATION_LABELS,
  NOTIFICATION_TYPES,
  type NotificationPrefs,
  type NotificationSettings,
  plural,
} from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import {
  PUSH_SETTINGS_KEY,
  disablePush,
  enablePush,
  readDeviceState,
  savePushPreferences,
  usePushSettings,
} from '../api/push';
import { DEVICE_TEXT, pushErrorText, type DeviceState } from '../lib/push';

/**
 * "Notificaciones" (docs/decisions/025): turns push notifications on or off for this browser
 * (asking the browser's permission and subscribing with the server's key) and holds the player's
 * four switches — your turn, your table starts, invitations, recharges and withdrawals — which are
 * saved on the server at each change and apply to every device of the player.
 */
export function NotificationsCard() {
  const queryClient = useQueryClient();
  const settings = usePushSettings();
  const [device, setDevice] = useState<DeviceState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    readDeviceState()
      .then((state) => live && setDevice(state))
      .catch(() => live && setDevice('off'));
    return () => {
      live = false;
    };
  }, []);

  const save = useMutation({
    mutationFn: savePushPreferences,
    onMutate: async (prefs: NotificationPrefs) => {
      await queryClient.cancelQueries({ queryKey: PUSH_SETTINGS_KEY });
      const before = queryClient.getQueryData<NotificationSettings>(PUSH_SETTINGS_KEY);
      if (before) queryClient.setQueryData(PUSH_SETTINGS_KEY, { ...before, preferences: prefs });
      return { before };
    },
    onError: (err, _prefs, context) => {
      if (context?.before) queryClient.setQueryData(PUSH_SETTINGS_KEY, context.before);
      notify.error(isApiError(err) ? err.message : MSG_PUSH.prefsInvalid);
    },
    onSuccess: (saved) => queryClient.setQueryData(PUSH_SETTINGS_KEY, saved),
  });

  const toggleDevice = async () => {
    setBusy(true);
    try {
      const next = device === 'on' ? await disablePush() : await enablePush();
      setDevice(next);
      if (next === 'on') notify.success(MSG_PUSH.subscribed);
      else if (device === 'on') notify.info(MSG_PUSH.unsubscribed);
      await queryClient.invalidateQueries({ queryKey: PUSH_SETTINGS_KEY });
    } catch (err) {
      notify.error(pushErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  const prefs = settings.data?.preferences;
  const devices = settings.data?.devices ?? 0;

  return (
    <Card padding="lg" shadow="sm" data-testid="notifications-card">
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={36} radius="md" variant="light" color="felt">
          {device === 'on' ? (
            <IconBell size={20} aria-hidden />
          ) : (
            <IconBellOff size={20} aria-hidden />
          )}
        </ThemeIcon>
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          Notificaciones
        </Title>
      </Group>

      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm">
          <Text
            fz="sm"
            c={device === 'on' ? 'felt.8' : 'dimmed'}
            style={{ flex: '1 1 220px' }}
            data-testid="push-device-state"
          >
            {device === null ? 'Revisando este dispositivo…' : DEVICE_TEXT[device]}
          </Text>
          {(device === 'on' || device === 'off') && (
            <Button
              variant={device === 'on' ? 'default' : 'filled'}
              leftSection={
                device === 'on' ? (
                  <IconBellOff size={18} aria-hidden />
                ) : (
                  <IconBell size={18} aria-hidden />
                )
              }
              loading={busy}
              onClick={() => void toggleDevice()}
              w={{ base: '100%', xs: 'auto' }}
              h="auto"
              mih={40}
              py={8}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
            >
              {device === 'on' ? 'Desactivar en este dispositivo' : 'Activar notificaciones'}
            </Button>
          )}
        </Group>

        {device === 'denied' && (
          <Alert variant="light" color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
            Puedes seguir eligiendo abajo qué avisos quieres: se aplican a tus otros dispositivos.
          </Alert>
        )}

        <Stack gap="sm" role="group" aria-label="Qué avisos quiero recibir">
          <Text fz="sm" fw={600}>
            Qué avisos quiero recibir
          </Text>
          {settings.isPending ? (
            <Loader size="sm" role="status" aria-label="Cargando preferencias" />
          ) : settings.isError || !prefs ? (
            <Text fz="sm" c="red">
              No pudimos cargar tus preferencias. Intenta de nuevo más tarde.
            </Text>
          ) : (
            NOTIFICATION_TYPES.map((type) => (
              <Switch
                key={type}
                checked={prefs[type]}
                onChange={(e) => save.mutate({ ...prefs, [type]: e.currentTarget.checked })}
                label={NOTIFICATION_LABELS[type].label}
                description={NOTIFICATION_LABELS[type].hint}
                size="md"
                color="felt"
                data-testid={`push-pref-${type}`}
              />
            ))
          )}
          <Text fz="xs" c="dimmed">
            Se guardan en tu cuenta y valen para todos tus dispositivos
            {devices > 0
              ? ` (${plural(devices, 'dispositivo con notificaciones activadas', 'dispositivos con notificaciones activadas')}).`
              : '.'}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
