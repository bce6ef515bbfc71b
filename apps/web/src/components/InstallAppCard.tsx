import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobileDown, IconShare2 } from '@tabler/icons-react';
import { canPromptInstall, installWay, onInstallPromptChange, promptInstall } from '../lib/pwa';

function currentWay() {
  if (typeof window === 'undefined') return 'none' as const;
  return installWay({
    standalone:
      window.matchMedia?.('(display-mode: standalone)').matches === true ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true,
    promptAvailable: canPromptInstall(),
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
  });
}

/**
 * "Instala Dominó" (docs/decisions/050): where the browser offers to install, a button that opens
 * its dialog (`beforeinstallprompt`); on iPhone and iPad, where Safari never offers, the steps
 * "Compartir → Agregar a inicio" (also what notifications need there). Renders nothing once
 * installed or where neither applies.
 */
export function InstallAppCard() {
  const [way, setWay] = useState(currentWay);
  useEffect(() => onInstallPromptChange(() => setWay(currentWay())), []);
  if (way === 'installed' || way === 'none') return null;
  return (
    <Card padding="lg" shadow="sm" data-testid="install-card" data-way={way}>
      <Group gap="sm" wrap="nowrap" mb="xs">
        <ThemeIcon size={36} radius="md" variant="light" color="felt">
          <IconDeviceMobileDown size={20} aria-hidden />
        </ThemeIcon>
        <Title order={2} fz={{ base: 18, sm: 20 }}>
          Instala Dominó
        </Title>
      </Group>
      {way === 'prompt' ? (
        <Stack gap="sm">
          <Text fz="sm">
            Ábrelo desde tu pantalla de inicio como una app, con avisos y práctica sin conexión.
          </Text>
          <Button
            leftSection={<IconDeviceMobileDown size={18} aria-hidden />}
            onClick={() => void promptInstall()}
            w={{ base: '100%', xs: 'auto' }}
            data-testid="install-button"
          >
            Instalar Dominó
          </Button>
        </Stack>
      ) : (
        <Stack gap={6} data-testid="install-ios">
          <Text fz="sm">En iPhone o iPad, desde Safari:</Text>
          <Text fz="sm" component="ol" m={0} pl="lg">
            <li>
              Toca <IconShare2 size={14} aria-label="Compartir" /> <b>Compartir</b>.
            </li>
            <li>
              Elige <b>Agregar a inicio</b> y toca <b>Agregar</b>.
            </li>
            <li>Abre Dominó desde el ícono: ahí puedes activar las notificaciones.</li>
          </Text>
        </Stack>
      )}
    </Card>
  );
}
