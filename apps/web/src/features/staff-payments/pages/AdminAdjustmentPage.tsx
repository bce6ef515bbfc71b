import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { MSG, formatBs } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { formatBolivares } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useAdjustmentMutation } from '../api/requests';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { parseSignedAmount } from '../lib/payments';
import { reasonProblem } from '../../../lib/staff/requests';

type Field = 'userId' | 'amount' | 'reason';

/** Local wording: the contracts have no message for a missing player id. */
const USER_ID_REQUIRED = 'Indica el ID del jugador';

/**
 * /admin/ajustes and /admin/usuarios/:id/ajuste: a signed balance adjustment with a reason
 * (POST /api/admin/users/{id}/adjustments), idempotent per submission.
 */
export default function AdminAdjustmentPage() {
  const params = useParams();
  const mutation = useAdjustmentMutation();
  const [userId, setUserId] = useState<string | number>(params.id ?? '');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<{ userId: number; balance: number } | null>(null);
  const submission = useRef<KeyedSubmission | null>(null);
  const parsed = parseSignedAmount(amount);

  const clear = (field: Field) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const id = Number(userId);
    const next: Partial<Record<Field, string>> = {};
    if (!Number.isSafeInteger(id) || id <= 0) next.userId = USER_ID_REQUIRED;
    if ('error' in parsed) next.amount = parsed.error;
    const r = reasonProblem(reason.trim());
    if (r) next.reason = r;
    setErrors(next);
    if (Object.keys(next).length > 0 || !('cents' in parsed)) return;

    const payload = { userId: id, amount: parsed.cents / 100, reason: reason.trim() };
    submission.current = keyForSubmission(submission.current, JSON.stringify(payload));
    mutation.mutate(
      { ...payload, key: submission.current.key },
      {
        onSuccess: (res) => {
          notify.success(res.message);
          setResult({ userId: id, balance: res.balance });
          setAmount('');
          setReason('');
          submission.current = null;
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 422) {
            const fe = error.fieldErrors;
            setErrors({ amount: fe.amount?.[0], reason: fe.reason?.[0] });
            if (!fe.amount && !fe.reason) setFormError(error.message);
            return;
          }
          setFormError(isApiError(error) ? error.message : MSG.unexpected);
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={560}>
      {params.id && (
        <Anchor component={Link} to={`/admin/usuarios/${params.id}`} fz="sm" c="felt.7">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden /> Volver al usuario
          </Group>
        </Anchor>
      )}
      <Title order={2} fz={{ base: 20, sm: 24 }}>
        Ajuste de saldo
      </Title>
      <Text fz="sm" c="dimmed">
        Un monto positivo acredita y uno negativo debita el saldo del jugador. Nunca se borra nada:
        para deshacer un ajuste, registra otro en sentido contrario.
      </Text>
      <Card padding="lg">
        <form onSubmit={submit} noValidate aria-label="Ajuste de saldo">
          <Stack gap="md">
            <NumberInput
              label="ID del jugador"
              value={userId}
              onChange={(v) => {
                setUserId(v);
                clear('userId');
              }}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              error={errors.userId}
              required
              data-testid="adjust-user-id"
            />
            <TextInput
              label="Monto (Bs.)"
              placeholder="Ej. 150,00 o -150,00"
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                clear('amount');
              }}
              description={
                'cents' in parsed
                  ? `${parsed.cents > 0 ? 'Crédito' : 'Débito'} de ${formatBs(Math.abs(parsed.cents))}`
                  : 'Usa el signo menos para debitar.'
              }
              error={errors.amount}
              required
              data-testid="adjust-amount"
            />
            <Textarea
              label="Motivo"
              placeholder="Ej. Corrección de recarga duplicada"
              autosize
              minRows={2}
              value={reason}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                clear('reason');
              }}
              error={errors.reason}
              required
              data-testid="adjust-reason"
            />
            {formError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
              >
                {formError}
              </Alert>
            )}
            {result && (
              <Alert
                color="green"
                variant="light"
                icon={<IconCircleCheck aria-hidden />}
                role="status"
                data-testid="adjust-result"
              >
                Nuevo saldo del jugador #{result.userId}: <b>{formatBolivares(result.balance)}</b>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending} data-testid="adjust-submit">
                Registrar ajuste
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
