import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS } from '@domino/contracts';
import { joinErrorText } from './join';
import { notify } from './notify';
import { elsewhereRefusal } from './place';

/**
 * The toast of a refused join (docs/decisions/047-one-place-at-a-time.md): a player who is
 * somewhere else reads where (the server's message) with a button to go there (`go` navigates
 * inside the app); any other refusal shows its message as before (joinErrorText).
 */
export function notifyJoinError(error: unknown, go: (to: string) => void): void {
  const refusal = elsewhereRefusal(error);
  if (!refusal) {
    notify.error(joinErrorText(error));
    return;
  }
  const id = `place-elsewhere-${refusal.to}`;
  notifications.show({
    id,
    color: 'red',
    withBorder: true,
    autoClose: LIMITS.toastDurationMs * 2,
    message: (
      <Stack gap={6} align="flex-start">
        <Text fz="sm">{refusal.message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            go(refusal.to);
          }}
          data-testid="place-elsewhere-go"
        >
          {refusal.label}
        </Button>
      </Stack>
    ),
  });
}
