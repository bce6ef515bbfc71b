import { centsToBolivares } from '@domino/contracts';
import type { PushNotifier } from '../push/notifier';
import type { RealtimeHub } from '../realtime/hub';
import type { CreditOutcome } from './credit';

/** Where the player hears about their recharge: their sockets and Web Push (decision 025). */
export interface PlayerNotices {
  hub: Pick<RealtimeHub, 'toUser'>;
  push: Pick<PushNotifier, 'notifyPayment'>;
}

/**
 * Tells the player what a committed credit attempt did (docs/decisions/051-bank-connectors.md):
 * credited → `balance:updated` with the new balance, `request:updated` (aprobado, verified) and
 * the payment push; sent to staff → `request:updated` (pendiente, needs_staff). Call once, after
 * the commit of the transaction that produced `out`; the other outcomes changed nothing.
 */
export function noticeCredit(n: PlayerNotices, out: CreditOutcome): void {
  if (out.kind === 'credited') {
    n.hub.toUser(out.userId, 'balance:updated', { balance: centsToBolivares(out.balanceCents) });
    n.hub.toUser(out.userId, 'request:updated', {
      kind: 'recharge',
      id: out.rechargeId,
      status: 'aprobado',
      verification: 'verified',
    });
    n.push.notifyPayment(out.userId, 'recharge', 'approved', out.rechargeId);
  } else if (out.kind === 'needs_staff' || out.kind === 'movement_used') {
    noticeToStaff(n, out.userId, out.rechargeId);
  }
}

/** The recharge went to staff: its owner's screen says "Lo revisará nuestro equipo". */
export function noticeToStaff(n: PlayerNotices, userId: number, rechargeId: number): void {
  n.hub.toUser(userId, 'request:updated', {
    kind: 'recharge',
    id: rechargeId,
    status: 'pendiente',
    verification: 'needs_staff',
  });
}
