import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * The end of a staff form in a modal: the server's refusal (Spanish, `role="alert"`) when there is
 * one, then "Cancelar" and the submit button (loading while saving). `testId` prefixes the test
 * ids: `<testId>-form-error` and `<testId>-submit`.
 */
export function FormActions({
  error,
  errorTitle,
  saving,
  submitLabel,
  onCancel,
  testId,
}: {
  error: string | null;
  errorTitle?: string | undefined;
  saving: boolean;
  submitLabel: string;
  onCancel(): void;
  testId: string;
}) {
  return (
    <>
      {error && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
          title={errorTitle}
          data-testid={`${testId}-form-error`}
        >
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm" mt="xs">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" loading={saving} data-testid={`${testId}-submit`}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}

/**
 * A staff form in a centred modal: `title`, the close button read as "Cerrar", and the form
 * mounted only while open (so each opening starts from the form's defaults).
 */
export function StaffFormModal({
  opened,
  onClose,
  title,
  children,
}: {
  opened: boolean;
  onClose(): void;
  title: string;
  children: () => ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {opened && children()}
    </Modal>
  );
}
