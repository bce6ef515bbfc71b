import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { MSG_RISK, type RiskAccount, type RiskAction } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useRiskAction } from '../api/risk';
import { ACTION_LABELS, accountActions, reasonError } from '../lib/risk';
import { DecisionModal } from '../../../components/staff/DecisionModal';

const CONFIRM_COLORS: Record<RiskAction, string> = {
  flag: 'orange',
  unflag: 'gray',
  hold: 'red',
  release: 'felt',
  suspend: 'red',
};

const EXPLAIN: Record<RiskAction, string> = {
  flag: 'La cuenta queda marcada para el personal (no cambia nada para el jugador).',
  unflag: 'Se quita la marca de la cuenta.',
  hold: 'El jugador no podrá pedir retiros y sus retiros pendientes no se podrán pagar hasta levantar la retención.',
  release: 'El jugador podrá volver a pedir retiros y se podrán pagar los pendientes.',
  suspend:
    'La cuenta se suspende: se cierran sus sesiones y sale de una mesa sin empezar (con reembolso).',
};

/**
 * The actions on one account of the risk queue or the user page (docs/decisions/032-risk-signals.md):
 * a menu (Marcar / Quitar marca, Retener retiros / Levantar retención, Suspender) and the dialog
 * that asks for the reason. With `itemId` the server marks that alert as attended.
 */
export function RiskAccountActions({
  account,
  itemId,
}: {
  account: Pick<RiskAccount, 'id' | 'name' | 'flagged' | 'withdrawals_held' | 'status'>;
  itemId?: number;
}) {
  const act = useRiskAction();
  const [action, setAction] = useState<RiskAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setAction(null);
    setError(null);
  };
  const confirm = async (reason: string) => {
    if (!action) return;
    try {
      const res = await act.mutateAsync({
        userId: account.id,
        action,
        reason,
        ...(itemId ? { item_id: itemId } : {}),
      });
      notify.success(res.message);
      close();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'No se pudo guardar la acción.');
    }
  };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            size="compact-xs"
            variant="light"
            color="gray"
            rightSection={<IconChevronDown size={12} aria-hidden />}
            style={{ flexShrink: 0 }}
            data-testid="risk-account-actions"
          >
            Acciones
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {accountActions(account).map((a) => (
            <Menu.Item
              key={a}
              color={a === 'suspend' || a === 'hold' ? 'red' : undefined}
              onClick={() => setAction(a)}
              data-testid={`risk-action-${a}`}
            >
              {ACTION_LABELS[a]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <DecisionModal
        opened={action !== null}
        onClose={close}
        title={action ? `${ACTION_LABELS[action]}: ${account.name}` : ''}
        confirmLabel={action ? ACTION_LABELS[action] : ''}
        confirmColor={action ? CONFIRM_COLORS[action] : 'gray'}
        field={{
          label: 'Motivo',
          placeholder: 'Queda en la auditoría',
          multiline: true,
          validate: (v) => reasonError(v),
          testId: 'risk-action-reason',
        }}
        loading={act.isPending}
        error={error}
        onConfirm={(value) => void confirm(value)}
        testId="risk-action-modal"
      >
        <Text fz="sm">{action ? EXPLAIN[action] : MSG_RISK.actionInvalid}</Text>
      </DecisionModal>
    </>
  );
}
