import { Alert, Button, Group } from '@mantine/core';
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
