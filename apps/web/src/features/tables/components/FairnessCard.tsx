import { useState, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconShieldCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CLIENT_SEED_MAX_LENGTH, MSG, type ClientSeedResponse } from '@domino/contracts';
import { checkClientSeed, seedSaveError } from '../lib/fairness';

export interface FairnessCardProps {
  /** The table's published commitment (null until the round's first seat is taken). */
  commitment: string | null;
  /** The player sits at this table. */
  seated: boolean;
  /** The table filled: the seeds are fixed. */
  locked: boolean;
  /** The player's own seat and seed (seated players only; undefined while loading). */
  mine: ClientSeedResponse | undefined;
  /** Saves a new seed; resolves with the server's answer, rejects with an ApiError. */
  onSave(seed: string): Promise<ClientSeedResponse>;
}

/**
 * The waiting room's provably fair panel (decision 015): the commitment to the next deal's server
 * seed, published before anyone sets a seed, and — for a seated player — their own client seed,
 * which they may replace until the table fills.
 */
export function FairnessCard({ commitment, seated, locked, mine, onSave }: FairnessCardProps) {
  // What the player typed; null shows the server's seed (nothing typed, or saved).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = draft !== null;
  const value = draft ?? mine?.client_seed ?? '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const check = checkClientSeed(value);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setSaving(true);
    try {
      await onSave(check.seed);
      setDraft(null);
      setError(null);
    } catch (err) {
      setError(seedSaveError(err, MSG.unexpected));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card padding="md" data-testid="waiting-fairness">
      <Group gap={8} mb="xs" wrap="nowrap">
        <IconShieldCheck size={22} color="var(--mantine-color-felt-7)" aria-hidden />
        <Title order={2} fz="lg">
          Reparto verificable
        </Title>
      </Group>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Antes de que nadie elija su semilla, el servidor ya fijó la suya y publica aquí su huella
          SHA-256. No puede cambiarla hasta que termine la partida; al final la revela y puedes
          comprobarla.
        </Text>
        <div>
          <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
            <Text fz="sm" fw={600}>
              Compromiso del servidor
            </Text>
            {commitment !== null && (
              <CopyButton value={commitment}>
                {({ copied, copy }) => (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color={copied ? 'felt' : 'gray'}
                    leftSection={
                      copied ? (
                        <IconCheck size={14} aria-hidden />
                      ) : (
                        <IconCopy size={14} aria-hidden />
                      )
                    }
                    onClick={copy}
                  >
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
            )}
          </Group>
          {commitment !== null ? (
            <Code
              block
              fz={12}
              data-testid="waiting-commitment"
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            >
              {commitment}
            </Code>
          ) : (
            <Text fz="sm" c="dimmed" data-testid="waiting-commitment-pending">
              Se publica cuando se siente el primer jugador.
            </Text>
          )}
        </div>
        {seated && (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="xs">
              <TextInput
                label="Tu semilla"
                description={
                  locked
                    ? 'La mesa se llenó: tu semilla quedó fijada para esta partida.'
                    : 'Escríbela tú para no depender de la nuestra: letras sin acentos, números, guiones y guiones bajos.'
                }
                value={value}
                onChange={(e) => {
                  setDraft(e.currentTarget.value);
                  setError(null);
                }}
                error={error}
                maxLength={CLIENT_SEED_MAX_LENGTH + 8}
                disabled={locked || mine === undefined}
                autoComplete="off"
                spellCheck={false}
                data-testid="waiting-seed-input"
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              {!locked && (
                <Button
                  type="submit"
                  variant="light"
                  color="felt"
                  loading={saving}
                  disabled={!dirty || mine === undefined}
                  data-testid="waiting-seed-save"
                  style={{ alignSelf: 'flex-start' }}
                >
                  Guardar semilla
                </Button>
              )}
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/verificar" fz="sm">
          Cómo se verifica un reparto
        </Anchor>
      </Stack>
    </Card>
  );
}
