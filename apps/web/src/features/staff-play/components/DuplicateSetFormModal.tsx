import { useRef, useState, type FormEvent } from 'react';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DUPLICATE_PAGES, DUPLICATE_TEAM_LABELS } from '@domino/contracts';
import { FormActions, StaffFormModal } from '../../../components/staff/FormActions';
import { isApiError } from '../../../lib/api';
import { keyForSubmission, type KeyedSubmission } from '../../../lib/idempotency';
import { notify } from '../../../lib/notify';
import { createDuplicate } from '../api/duplicates';
import {
  DUPLICATE_PAIR_SLOTS,
  defaultDuplicateForm,
  playerField,
  validateDuplicateForm,
  type DuplicateFormErrors,
  type DuplicateFormValues,
} from '../lib/duplicates';

/**
 * Open a duplicate set (POST /api/admin/duplicates; docs/decisions/062-duplicate-domino.md): a
 * name, the hands per table and the eight players by username, as two teams of two pairs, each
 * pair at its table. On success the staff member lands on the set's comparison page.
 */
export function DuplicateSetFormModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  return (
    <StaffFormModal opened={opened} onClose={onClose} title="Abrir duplicado">
      {() => <DuplicateSetForm onDone={onClose} />}
    </StaffFormModal>
  );
}

function DuplicateSetForm({ onDone }: { onDone(): void }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<DuplicateFormValues>(defaultDuplicateForm);
  const [errors, setErrors] = useState<DuplicateFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submission = useRef<KeyedSubmission | null>(null);

  const clear = (field: string) => {
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };
  const setPlayer = (team: 'x' | 'y', table: 0 | 1, index: 0 | 1, text: string) => {
    setValues((v) => {
      const pairs = v.players[team].map((p) => [...p]) as [[string, string], [string, string]];
      pairs[table][index] = text;
      return { ...v, players: { ...v.players, [team]: pairs } };
    });
    clear(playerField(team, table, index));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = validateDuplicateForm(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    submission.current = keyForSubmission(submission.current, JSON.stringify(checked.input));
    setSaving(true);
    setFormError(null);
    try {
      const set = await createDuplicate(checked.input, submission.current.key);
      notify.success('Duplicado abierto: las dos mesas ya están listas');
      onDone();
      void navigate(DUPLICATE_PAGES.detail(set.id));
    } catch (error) {
      setFormError(isApiError(error) ? error.message : 'No se pudo abrir el duplicado.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="admin-duplicate-form">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Las mismas manos se juegan en dos mesas. Cada equipo tiene una pareja en cada mesa, con
          las fichas que en la otra mesa tuvo el equipo contrario.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            size="sm"
            label="Nombre"
            value={values.name}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setValues((v) => ({ ...v, name }));
              clear('name');
            }}
            error={errors.name}
            maxLength={60}
            required
            data-autofocus
            data-testid="admin-duplicate-name"
          />
          <TextInput
            size="sm"
            label="Manos por mesa"
            description="Las mismas en las dos mesas (1 a 32)"
            inputMode="numeric"
            value={values.boards}
            onChange={(e) => {
              const boards = e.currentTarget.value;
              setValues((v) => ({ ...v, boards }));
              clear('boards');
            }}
            error={errors.boards}
            data-testid="admin-duplicate-boards"
          />
        </SimpleGrid>
        {DUPLICATE_PAIR_SLOTS.map(({ team, table }) => (
          <Stack gap={4} key={`${team}-${table}`}>
            <Text fz="sm" fw={600}>
              {DUPLICATE_TEAM_LABELS[team]} · pareja en la mesa {table + 1}
            </Text>
            <SimpleGrid cols={2} spacing="sm">
              {([0, 1] as const).map((index) => {
                const field = playerField(team, table, index);
                return (
                  <TextInput
                    key={field}
                    size="sm"
                    aria-label={`${DUPLICATE_TEAM_LABELS[team]}, mesa ${table + 1}, jugador ${index + 1}`}
                    placeholder="Usuario"
                    leftSection={<Text fz="sm">@</Text>}
                    autoCapitalize="none"
                    autoCorrect="off"
                    spellCheck={false}
                    value={values.players[team][table][index]}
                    onChange={(e) => setPlayer(team, table, index, e.currentTarget.value)}
                    error={errors[field]}
                    data-testid={`admin-duplicate-${field}`}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}

        <FormActions
          error={formError}
          saving={saving}
          submitLabel="Abrir las dos mesas"
          onCancel={onDone}
          testId="admin-duplicate"
        />
      </Stack>
    </form>
  );
}
