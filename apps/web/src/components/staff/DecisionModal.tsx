import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { newIdempotencyKey } from '../../lib/idempotency';

export interface DecisionField {
  label: string;
  placeholder?: string;
  multiline?: boolean;
  /** Returns the Spanish message for an invalid value, or null. */
  validate: (value: string) => string | null;
  testId?: string;
}

export interface DecisionModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What is being decided (player, amount...). */
  children: ReactNode;
  confirmLabel: string;
  confirmColor: string;
  /** A required text (reason, payout reference); omitted for a plain confirmation. */
  field?: DecisionField;
  loading: boolean;
  /**
   * A box the staff member must tick before confirming (e.g. acknowledging the review of a
   * withdrawal after an account change; docs/decisions/013).
   */
  acknowledgement?: { label: string; requiredMessage: string; testId?: string };
  /** A failure to show inside the dialog (the staff member can retry with the same key). */
  error: string | null;
  /**
   * Called with the trimmed field value ('' without a field), the dialog's idempotency key and
   * whether the acknowledgement box is ticked (false without one).
   */
  onConfirm: (value: string, idempotencyKey: string, acknowledged: boolean) => void;
  testId?: string;
}

/**
 * A staff decision dialog: a summary, an optional required text and a confirm button. One
 * Idempotency-Key per opening, reused when the staff member retries after a failure.
 */
export function DecisionModal(props: DecisionModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {props.opened && <DecisionForm {...props} />}
    </Modal>
  );
}

function DecisionForm({
  onClose,
  children,
  confirmLabel,
  confirmColor,
  field,
  acknowledgement,
  loading,
  error,
  onConfirm,
  testId,
}: DecisionModalProps) {
  const [key] = useState(newIdempotencyKey);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [ackError, setAckError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const trimmed = value.trim();
    let invalid = false;
    if (field) {
      const problem = field.validate(trimmed);
      setFieldError(problem);
      invalid = problem !== null;
    }
    if (acknowledgement && !acknowledged) {
      setAckError(acknowledgement.requiredMessage);
      invalid = true;
    }
    if (invalid) return;
    onConfirm(trimmed, key, acknowledged);
  };

  const Input = field?.multiline ? Textarea : TextInput;
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        {children}
        {field && (
          <Input
            label={field.label}
            placeholder={field.placeholder}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            required
            data-autofocus
            autosize={field.multiline ? true : undefined}
            minRows={field.multiline ? 3 : undefined}
            data-testid={field.testId}
          />
        )}
        {acknowledgement && (
          <Checkbox
            label={acknowledgement.label}
            checked={acknowledged}
            onChange={(e) => {
              setAcknowledged(e.currentTarget.checked);
              setAckError(null);
            }}
            error={ackError}
            color="orange"
            data-testid={acknowledgement.testId}
          />
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancelar
          </Button>
          <Button
            type="submit"
            color={confirmColor}
            loading={loading}
            data-testid="decision-confirm"
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
