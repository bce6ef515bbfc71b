import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendar, IconUserCircle } from '@tabler/icons-react';
import { caracasToday, MSG_USERNAME, USERNAME_CHANGE_DAYS, type User } from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { useChangeUsernameMutation, useDeclareAdultMutation } from '../api/profile';
import { adultFieldErrors, nameAndAgeFailure, usernameFieldError } from '../lib/name-and-age';

const dayFormat = new Intl.DateTimeFormat('es-VE', {
  timeZone: 'America/Caracas',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/**
 * The username other players see, and the 18+ declaration of older accounts (decision 040). An
 * account with a generated name ("jugador004217") is asked to choose one; a chosen name changes
 * at most once every 30 days. An account made before the declaration existed is asked once for
 * the date of birth and "Declaro que soy mayor de 18 años": until then recharges and paid
 * entries are refused.
 */
export function NameAndAgeCard({ user }: { user: User }) {
  const rename = useChangeUsernameMutation();
  const declare = useDeclareAdultMutation();
  const [username, setUsername] = useState('');
  const [usernameError, setUsernameError] = useState<string>();
  const [birthDate, setBirthDate] = useState('');
  const [declared, setDeclared] = useState(false);
  const [adultErrors, setAdultErrors] = useState<{
    birth_date?: string;
    adult_declaration?: string;
  }>({});
  const lockedUntil = user.username_change_after;

  const saveUsername = (event: FormEvent) => {
    event.preventDefault();
    const problem = usernameFieldError(username, user.username);
    setUsernameError(problem);
    if (problem) return;
    rename.mutate(username.trim(), {
      onSuccess: () => {
        notify.success(MSG_USERNAME.changed);
        setUsername('');
      },
      onError: (error) => setUsernameError(nameAndAgeFailure(error, 'username')),
    });
  };

  const saveAdult = (event: FormEvent) => {
    event.preventDefault();
    const problems = adultFieldErrors(birthDate, declared);
    setAdultErrors(problems);
    if (problems.birth_date || problems.adult_declaration) return;
    declare.mutate(
      { birth_date: birthDate, adult_declaration: true },
      {
        onSuccess: () => notify.success(MSG_USERNAME.adultSaved),
        onError: (error) => setAdultErrors({ birth_date: nameAndAgeFailure(error, 'birth_date') }),
      },
    );
  };

  return (
    <Card padding="lg" shadow="sm" data-testid="name-and-age">
      <Title order={2} fz={{ base: 18, sm: 20 }} mb="sm">
        Nombre de usuario
      </Title>
      <Stack gap="sm">
        <Text fz="lg" fw={600} data-testid="current-username">
          @{user.username}
        </Text>
        {!user.username_chosen && (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {MSG_USERNAME.choosePrompt}
          </Alert>
        )}
        {lockedUntil ? (
          <Text c="dimmed" fz="sm">
            Puedes cambiarlo una vez cada {USERNAME_CHANGE_DAYS} días: de nuevo el{' '}
            {dayFormat.format(new Date(lockedUntil))}.
          </Text>
        ) : (
          <form onSubmit={saveUsername} noValidate aria-label="Cambiar nombre de usuario">
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={
                  user.username_chosen ? 'Nuevo nombre de usuario' : 'Elige tu nombre de usuario'
                }
                description="3 a 20 letras, números o _ . -; empieza por una letra"
                placeholder="Ej. ElPana22"
                autoCapitalize="none"
                spellCheck={false}
                leftSection={<IconUserCircle size={18} aria-hidden />}
                value={username}
                onChange={(e) => {
                  setUsername(e.currentTarget.value);
                  setUsernameError(undefined);
                }}
                error={usernameError}
                style={{ flex: '1 1 220px' }}
                data-testid="username-input"
              />
              <Button type="submit" mt={{ base: 0, xs: 48 }} loading={rename.isPending}>
                Guardar nombre
              </Button>
            </Group>
          </form>
        )}

        {!user.adult_declared && (
          <form onSubmit={saveAdult} noValidate aria-label="Mayoría de edad">
            <Stack gap="sm" mt="md">
              <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />}>
                {MSG_USERNAME.adultDeclarationNeeded}
              </Alert>
              <TextInput
                type="date"
                label="Fecha de nacimiento"
                leftSection={<IconCalendar size={18} aria-hidden />}
                value={birthDate}
                max={caracasToday()}
                onChange={(e) => setBirthDate(e.currentTarget.value)}
                error={adultErrors.birth_date}
                required
                data-testid="adult-birth-date"
              />
              <Checkbox
                checked={declared}
                onChange={(e) => setDeclared(e.currentTarget.checked)}
                label={MSG_USERNAME.adultDeclarationLabel}
                error={adultErrors.adult_declaration}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={declare.isPending}>
                  Confirmar
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
