import { useState } from 'react';
import { Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconClockHour4,
  IconCopy,
  IconShare,
  IconX,
} from '@tabler/icons-react';
import type { PrivateFacts } from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { useNow } from '../../../lib/use-now';
import {
  expiryText,
  invitationUrl,
  minutesLeft,
  shareMessage,
  whatsappUrl,
} from '../lib/private-table';

export interface InvitePanelProps {
  /** The table's invitation facts (GET /api/tables/{id} `private`). */
  invitation: PrivateFacts;
  /** Players seated now (the host's cancel dialog says how many get their entry back). */
  seated: number;
  /** The viewer created the table: they see 'Cancelar mesa'. */
  isHost: boolean;
  /** The host confirmed the cancel; resolves when done (the page leaves), rejects to stay. */
  onCancel(): Promise<void>;
}

/**
 * The waiting room's invitation panel of a private table (docs/product.md "Mesas privadas"): the
 * code in big letters, 'Copiar enlace' (the full address of /invitacion/{code} to the clipboard),
 * 'Compartir' (the system share sheet when the browser has one, else a WhatsApp link), how many
 * minutes until the unfilled table expires, and for the host 'Cancelar mesa' behind a
 * confirmation (every seat gets its entry back).
 */
export function InvitePanel({ invitation, seated, isHost, onCancel }: InvitePanelProps) {
  const now = useNow(15_000);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const url = invitationUrl(window.location.origin, invitation.invite_path);
  const message = shareMessage(invitation.invite_code, url);
  const minutes = minutesLeft(invitation.expires_at, now);
  const canShare = typeof navigator.share === 'function';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify.success('Enlace copiado. Pégalo en el chat con tus amigos.');
    } catch {
      notify.warning(`No pudimos copiar el enlace. Cópialo a mano: ${url}`);
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: 'Mesa privada de dominó', text: message, url });
    } catch (error) {
      // Closing the share sheet is not an error; anything else falls back to the copy.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
    } catch {
      // The page said why; the dialog closes so the room shows the table as it is.
      setConfirming(false);
    } finally {
      setCancelling(false);
    }
  };

  return (
    <Card
      padding="md"
      data-testid="invite-panel"
      style={{ borderTop: '3px solid var(--mantine-color-gold-5)' }}
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            Invita a tus amigos
          </Title>
          <Text fz="sm" c="dimmed">
            Comparte el enlace o díctales el código. Entran con «Unirme con código» en su tablero.
          </Text>
        </div>
        <Stack gap={2} align="center">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            Código de invitación
          </Text>
          <Text
            component="output"
            ff="monospace"
            fw={800}
            fz={{ base: 34, sm: 40 }}
            lh={1.1}
            style={{ letterSpacing: '0.18em', paddingLeft: '0.18em' }}
            aria-label={`Código de invitación ${invitation.invite_code.split('').join(' ')}`}
            data-testid="invite-code"
          >
            {invitation.invite_code}
          </Text>
          <Text
            fz="xs"
            c="dimmed"
            ta="center"
            style={{ wordBreak: 'break-all' }}
            data-testid="invite-url"
          >
            {url}
          </Text>
        </Stack>
        {/* One button a row on phones: side by side, 'Copiar enlace' was cut at 360 px. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Button
            leftSection={
              copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
            }
            onClick={() => void copy()}
            data-testid="invite-copy"
          >
            {copied ? 'Copiado' : 'Copiar enlace'}
          </Button>
          {canShare ? (
            <Button
              variant="light"
              leftSection={<IconShare size={16} aria-hidden />}
              onClick={() => void share()}
              data-testid="invite-share"
            >
              Compartir
            </Button>
          ) : (
            <Button
              component="a"
              href={whatsappUrl(message)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="green"
              leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
              data-testid="invite-share"
            >
              WhatsApp
            </Button>
          )}
        </SimpleGrid>
        {minutes !== null && (
          <Group
            gap={6}
            wrap="nowrap"
            align="flex-start"
            data-testid="invite-expiry"
            data-minutes={minutes}
          >
            <IconClockHour4
              size={16}
              color="var(--mantine-color-dimmed)"
              aria-hidden
              style={{ flexShrink: 0, marginTop: 3 }}
            />
            <Text fz="sm" c={minutes <= 5 ? 'orange' : 'dimmed'}>
              {expiryText(minutes)}. Si no se completa, devolvemos la entrada a cada jugador.
            </Text>
          </Group>
        )}
        {isHost && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
            data-testid="invite-cancel"
            style={{ alignSelf: 'flex-start' }}
          >
            Cancelar mesa
          </Button>
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => {
          if (!cancelling) setConfirming(false);
        }}
        title="¿Cancelar la mesa privada?"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <Stack gap="sm" data-testid="invite-cancel-modal">
          <Text fz="sm">
            {seated > 1
              ? `La mesa se cierra y devolvemos la entrada a los ${seated} jugadores sentados, tú incluido.`
              : 'La mesa se cierra y te devolvemos tu entrada.'}{' '}
            El enlace y el código dejan de funcionar.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              disabled={cancelling}
              data-testid="invite-cancel-back"
            >
              Volver
            </Button>
            <Button
              color="red"
              onClick={() => void cancel()}
              loading={cancelling}
              data-testid="invite-cancel-confirm"
            >
              Sí, cancelar la mesa
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
