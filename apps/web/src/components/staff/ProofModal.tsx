import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Box,
  Center,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { useProofBlob } from '../../lib/staff/proof';
import { ZOOM_STEPS, nextZoom } from '../../lib/staff/requests';
import { useObjectUrl } from '../../lib/use-object-url';

/**
 * A recharge proof in a modal, fetched with the Bearer token (an <img src> cannot send it) and
 * zoomable (100%-300%; click the image to zoom in).
 */
export function ProofModal({
  url,
  title,
  onClose,
}: {
  url: string | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={url !== null}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {url && <ProofView key={url} url={url} />}
    </Modal>
  );
}

function ProofView({ url }: { url: string }) {
  const proof = useProofBlob(url);
  const objectUrl = useObjectUrl(proof.data);
  const [zoom, setZoom] = useState<number>(1);
  const max = ZOOM_STEPS[ZOOM_STEPS.length - 1] ?? 1;

  if (proof.isError)
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {proof.error.message}
      </Alert>
    );
  if (!objectUrl)
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  return (
    <Box data-testid="proof-viewer">
      <Group justify="center" gap="xs" mb="xs">
        <Tooltip label="Alejar">
          <ActionIcon
            variant="default"
            onClick={() => setZoom((z) => nextZoom(z, -1))}
            disabled={zoom <= 1}
            aria-label="Alejar"
          >
            <IconZoomOut size={18} />
          </ActionIcon>
        </Tooltip>
        <Text fz="sm" w={52} ta="center" aria-live="polite">
          {Math.round(zoom * 100)}%
        </Text>
        <Tooltip label="Acercar">
          <ActionIcon
            variant="default"
            onClick={() => setZoom((z) => nextZoom(z, 1))}
            disabled={zoom >= max}
            aria-label="Acercar"
          >
            <IconZoomIn size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="Ajustar">
          <ActionIcon variant="default" onClick={() => setZoom(1)} aria-label="Ajustar al ancho">
            <IconZoomReset size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ScrollArea.Autosize mah="70vh" type="auto">
        <Box
          component="img"
          src={objectUrl}
          alt="Comprobante de pago"
          onClick={() => setZoom((z) => (z >= max ? 1 : nextZoom(z, 1)))}
          style={{
            display: 'block',
            ...(zoom === 1
              ? { maxWidth: '100%', maxHeight: '68vh', margin: '0 auto' }
              : { width: `${zoom * 100}%`, maxWidth: 'none' }),
            cursor: zoom >= max ? 'zoom-out' : 'zoom-in',
            borderRadius: 8,
          }}
        />
      </ScrollArea.Autosize>
    </Box>
  );
}
