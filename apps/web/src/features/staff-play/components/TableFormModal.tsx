import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { FileDropzone, type FileRejection } from '../../../components/FileDropzone';
import { IconInfoCircle, IconX } from '@tabler/icons-react';
import { MSG_PAYMENTS, type TableDetail } from '@domino/contracts';
import { FormActions } from '../../../components/staff/FormActions';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useTableAction } from '../api/tables';
import {
  DEFAULT_FORM,
  TABLE_IMAGE_ACCEPT,
  changedFields,
  formFromTable,
  imageProblem,
  isTermsLocked,
  termsLockNotice,
  validateTableForm,
  type TableField,
  type TableFormErrors,
  type TableFormValues,
} from '../lib/tables';
import { useObjectUrl } from '../../../lib/use-object-url';
import { RuleFields } from '../../../components/RuleFields';

export interface TableFormModalProps {
  /** The table being edited, or null to create one. */
  table: TableDetail | null;
  opened: boolean;
  onClose(): void;
}

/**
 * Create or edit a table (tableInputSchema): name, entry price (Bs.), every rule option (generated
 * from the contracts' RULE_OPTIONS by RuleFields), house fee and monthly-pot share typed as percentages (sent as basis points),
 * and an image (dropzone with preview, uploaded after the table is saved).
 */
export function TableFormModal({ table, opened, onClose }: TableFormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={table ? `Editar ${table.name}` : 'Nueva mesa'}
      size="lg"
      centered
      radius="lg"
    >
      {opened && <TableForm key={table?.id ?? 'new'} table={table} onDone={onClose} />}
    </Modal>
  );
}

function TableForm({ table, onDone }: { table: TableDetail | null; onDone(): void }) {
  const action = useTableAction();
  const [values, setValues] = useState<TableFormValues>(() =>
    table ? formFromTable(table) : DEFAULT_FORM,
  );
  const [errors, setErrors] = useState<TableFormErrors & { image?: string }>({});
  const [formError, setFormError] = useState<{ message: string; locked: boolean } | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const preview = useObjectUrl(image);
  const [saving, setSaving] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);

  useEffect(() => firstInput.current?.focus(), []);

  const set = <K extends keyof TableFormValues>(key: K, value: TableFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field: TableField =
      key === 'house_fee_pct'
        ? 'house_fee_bps'
        : key === 'pot_share_pct'
          ? 'pot_share_bps'
          : (key as TableField);
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const pickImage = (files: File[], rejections: FileRejection[] = []) => {
    const file = files[0] ?? rejections[0]?.file ?? null;
    if (!file) return;
    const problem = imageProblem(file);
    setErrors((e) => ({ ...e, image: problem ?? undefined }));
    setImage(problem ? null : file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateTableForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      let saved: TableDetail;
      if (table) {
        const patch = changedFields(table, checked.input);
        saved =
          Object.keys(patch).length > 0
            ? await action.mutateAsync({ kind: 'update', id: table.id, input: patch })
            : table;
      } else {
        saved = await action.mutateAsync({ kind: 'create', input: checked.input });
      }
      if (image) {
        try {
          await action.mutateAsync({ kind: 'image', id: saved.id, file: image });
        } catch (error) {
          notify.warning(
            `${table ? 'Mesa guardada' : 'Mesa creada'}, pero la imagen no se subió: ${
              isApiError(error) ? error.message : MSG_PAYMENTS.proofType
            }`,
          );
          onDone();
          return;
        }
      }
      notify.success(table ? 'Mesa actualizada' : 'Mesa creada');
      onDone();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
        const next: TableFormErrors & { image?: string } = {};
        for (const [field, messages] of Object.entries(error.fieldErrors))
          (next as Record<string, string>)[field] = messages[0] ?? '';
        setErrors(next);
      }
      setFormError({
        message: isApiError(error) ? error.message : 'No se pudo guardar la mesa.',
        // 409: players wait or a match runs; nothing was saved (the image is not sent either).
        locked: isApiError(error) && error.status === 409 && isTermsLocked(error.code),
      });
    } finally {
      setSaving(false);
    }
  };

  const currentImage = preview ?? table?.image ?? null;
  const lockNotice = table ? termsLockNotice(table) : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="admin-table-form">
      <Stack gap="sm">
        {lockNotice && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle aria-hidden />}
            data-testid="admin-table-lock-notice"
          >
            {lockNotice}
          </Alert>
        )}
        <TextInput
          size="sm"
          ref={firstInput}
          label="Nombre"
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={60}
          required
          data-testid="admin-table-name"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            size="sm"
            label="Precio de entrada"
            description="En bolívares, por jugador"
            leftSection={<Text fz="sm">Bs.</Text>}
            inputMode="decimal"
            value={values.entry_price}
            onChange={(e) => set('entry_price', e.currentTarget.value)}
            error={errors.entry_price}
            required
            data-testid="admin-table-price"
          />
        </SimpleGrid>

        <RuleFields
          rules={values.rules}
          errors={errors}
          onChange={(key, rules) => {
            setValues((v) => ({ ...v, rules }));
            setErrors((e) => ({ ...e, [key]: undefined }));
            setFormError(null);
          }}
        />

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            size="sm"
            label="Comisión de la casa"
            description="Porcentaje del bote (0 a 30)"
            rightSection={<Text fz="sm">%</Text>}
            inputMode="decimal"
            value={values.house_fee_pct}
            onChange={(e) => set('house_fee_pct', e.currentTarget.value)}
            error={errors.house_fee_bps}
            data-testid="admin-table-fee"
          />
          <TextInput
            size="sm"
            label="Aporte al Pote del Mes"
            description="Porcentaje del bote (0 a 30)"
            rightSection={<Text fz="sm">%</Text>}
            inputMode="decimal"
            value={values.pot_share_pct}
            onChange={(e) => set('pot_share_pct', e.currentTarget.value)}
            error={errors.pot_share_bps}
            data-testid="admin-table-pot"
          />
        </SimpleGrid>

        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            Imagen
          </Text>
          <Group align="center" wrap="nowrap" gap="sm">
            {currentImage && (
              <div style={{ position: 'relative', flex: 'none' }}>
                <Image
                  src={currentImage}
                  w={120}
                  h={80}
                  fit="cover"
                  radius="md"
                  alt="Vista previa de la imagen"
                  data-testid="admin-table-image-preview"
                />
                {image && (
                  <ActionIcon
                    size="sm"
                    color="red"
                    radius="xl"
                    pos="absolute"
                    top={-6}
                    right={-6}
                    aria-label="Quitar imagen"
                    onClick={() => setImage(null)}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                )}
              </div>
            )}
            <FileDropzone
              onDropAny={pickImage}
              accept={TABLE_IMAGE_ACCEPT}
              p="sm"
              iconSize={28}
              style={{ flex: 1 }}
              inputProps={{
                'aria-label': 'Imagen de la mesa',
                'data-testid': 'admin-table-image-input',
              }}
              error={Boolean(errors.image)}
            >
              <Stack gap={0}>
                <Text fz="sm" fw={500}>
                  {image ? image.name : 'Elige o arrastra una imagen'}
                </Text>
                <Text fz="xs" c="dimmed">
                  PNG, JPG, JPEG o SVG, hasta 5 MB
                </Text>
              </Stack>
            </FileDropzone>
          </Group>
          {errors.image && (
            <Text fz="xs" c="red" role="alert">
              {errors.image}
            </Text>
          )}
        </Stack>

        <FormActions
          error={formError?.message ?? null}
          errorTitle={formError?.locked ? 'No se guardó ningún cambio' : undefined}
          saving={saving}
          submitLabel={table ? 'Guardar cambios' : 'Crear mesa'}
          onCancel={onDone}
          testId="admin-table"
        />
      </Stack>
    </form>
  );
}
