import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { MSG_PRIVATE, type PrivateTableOptions } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { usePrivateSettings, useSavePrivateSettings } from '../api/tables';
import {
  RESTRICTABLE_OPTIONS,
  formFromOptions,
  settingsFromForm,
  type PrivateSettingsForm,
} from '../lib/private-settings';

/**
 * Staff settings of private tables (docs/decisions/021-private-tables.md) on /admin/mesas: the
 * entry prices hosts may pick (0 = "amistosa", free), how long an unfilled table waits before it
 * expires, the fees its matches settle with, and per rule the values hosts may pick. Tables
 * already created keep their terms. Test ids `private-settings-*`.
 */
export function PrivateSettingsCard() {
  const settings = usePrivateSettings();
  return settings.data ? <SettingsForm initial={settings.data} /> : null;
}

function SettingsForm({ initial }: { initial: PrivateTableOptions }) {
  const save = useSavePrivateSettings();
  const [form, setForm] = useState<PrivateSettingsForm>(() => formFromOptions(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async () => {
    setServerError(null);
    const checked = settingsFromForm(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      const saved = await save.mutateAsync(checked.body);
      setForm(formFromOptions(saved));
      notify.success(MSG_PRIVATE.settingsSaved);
    } catch (error) {
      setServerError(isApiError(error) ? error.message : 'No se pudieron guardar los ajustes.');
    }
  };

  return (
    <Card withBorder radius="md" p="md" data-testid="private-settings">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconLock size={20} aria-hidden />
          <Title order={3} fz="lg">
            Mesas privadas
          </Title>
        </Group>
        <Text fz="sm" c="dimmed">
          Lo que un jugador puede elegir al crear una mesa privada. Las mesas ya creadas conservan
          sus condiciones.
        </Text>
        <TagsInput
          label="Precios de entrada (Bs.)"
          description="Escribe un precio y pulsa Enter. 0 es una mesa amistosa, sin dinero."
          value={form.prices}
          onChange={(prices) => setForm({ ...form, prices })}
          error={errors.prices}
          data-testid="private-settings-prices"
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput
            label="Vence sin completarse a los"
            description="Minutos (5 a 1440)"
            min={5}
            max={1440}
            allowDecimal={false}
            value={form.expiry_minutes}
            onChange={(v) => setForm({ ...form, expiry_minutes: Number(v) || 0 })}
            error={errors.expiry_minutes}
            data-testid="private-settings-expiry"
          />
          <TextInput
            label="Comisión de la casa (%)"
            value={form.house_fee_pct}
            onChange={(e) => setForm({ ...form, house_fee_pct: e.currentTarget.value })}
            error={errors.house_fee_bps}
            data-testid="private-settings-fee"
          />
          <TextInput
            label="Aporte al Pote del Mes (%)"
            value={form.pot_share_pct}
            onChange={(e) => setForm({ ...form, pot_share_pct: e.currentTarget.value })}
            error={errors.pot_share_bps}
            data-testid="private-settings-pot-share"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {RESTRICTABLE_OPTIONS.map((o) => (
            <MultiSelect
              key={o.key}
              label={o.label}
              data={o.choices.map((c) => ({ value: String(c.value), label: c.label }))}
              value={form.allowed[o.key] ?? []}
              onChange={(values) =>
                setForm({ ...form, allowed: { ...form.allowed, [o.key]: values } })
              }
              error={errors[o.key]}
              comboboxProps={{ withinPortal: true }}
              data-testid={`private-settings-rule-${o.key}`}
            />
          ))}
        </SimpleGrid>
        {serverError && (
          <Alert color="red" variant="light">
            {serverError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void submit()}
            loading={save.isPending}
            data-testid="private-settings-save"
          >
            Guardar ajustes
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
