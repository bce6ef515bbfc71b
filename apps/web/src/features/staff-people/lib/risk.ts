import {
  LINK_SIGNAL_LABELS,
  MSG_RISK,
  plural,
  RISK_KIND_LABELS,
  type RiskAccount,
  type RiskAction,
  type RiskItem,
} from '@domino/contracts';
import { formatBolivares } from '../../../lib/format';

/**
 * Pure rules of the staff risk page (/admin/riesgo, docs/decisions/032-risk-signals.md, 049): the
 * evidence of each signal as Spanish lines (a group of linked accounts link by link), p-values,
 * the money at stake, and which actions an account offers.
 */

const SUPERSCRIPT: Record<string, string> = {
  '-': '⁻',
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
};

const decimal = (x: number, digits: number) =>
  x.toLocaleString('es-VE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A p-value for staff: `p = 0,040` from 0.001 up, `p ≈ 3,2·10⁻⁸` below, `p < 10⁻³⁰⁰` for 0.
 */
export function formatPValue(p: number): string {
  if (!(p > 0)) return 'p < 10⁻³⁰⁰';
  if (p >= 0.001) return `p = ${decimal(p, 3)}`;
  const exp = Math.floor(Math.log10(p));
  let mantissa = p / 10 ** exp;
  let e = exp;
  if (Number(mantissa.toFixed(1)) >= 10) {
    mantissa /= 10;
    e += 1;
  }
  const sup = String(e)
    .split('')
    .map((c) => SUPERSCRIPT[c] ?? c)
    .join('');
  return `p ≈ ${decimal(mantissa, 1)}·10${sup}`;
}

/** The stakes of a signal, e.g. "Bs. 10,00 y Bs. 50,00". */
export function formatStakes(stakes: number[]): string {
  const list = stakes.map(formatBolivares);
  if (list.length <= 1) return list[0] ?? '—';
  return `${list.slice(0, -1).join(', ')} y ${list[list.length - 1]}`;
}

/** The name of an account of the item (its id when the account is gone). */
export function accountName(item: RiskItem, id: number): string {
  return item.accounts.find((a) => a.id === id)?.name ?? `Usuario #${id}`;
}

/** The kind's Spanish label. */
export function kindLabel(item: RiskItem): string {
  return RISK_KIND_LABELS[item.kind];
}

/** The evidence of a queue item as Spanish lines for staff, amounts in bolívares. */
export function evidenceLines(item: RiskItem): string[] {
  switch (item.kind) {
    case 'linked': {
      const e = item.evidence;
      const lines = [`Comparten: ${e.signals.map((s) => LINK_SIGNAL_LABELS[s] ?? s).join(', ')}.`];
      // A group (docs/decisions/049): which link joins whom; the address only as weight.
      for (const link of e.links ?? []) {
        const what = link.signals.map((s) => LINK_SIGNAL_LABELS[s] ?? s);
        if (link.shared_address) what.push(LINK_SIGNAL_LABELS.address!);
        lines.push(
          `${accountName(item, link.a)} y ${accountName(item, link.b)}: ${what.join(', ')}.`,
        );
      }
      return lines;
    }
    case 'co_seating': {
      const e = item.evidence;
      const lines = [
        `Jugaron juntos ${plural(e.together, 'partida', 'partidas')} (por azar se esperaban ${decimal(e.expected, 1)}; ${formatPValue(e.p_value)}).`,
      ];
      if (e.partners > 0 || e.partners_expected > 0)
        lines.push(
          `En parejas fueron compañeros ${plural(e.partners, 'vez', 'veces')} (se esperaban ${decimal(e.partners_expected, 1)}; ${formatPValue(e.partners_p_value)}) y rivales ${e.opponents}.`,
        );
      lines.push(
        `Partidas de cada cuenta en el periodo: ${e.matches.join(' y ')} · entradas: ${formatStakes(e.stakes)}.`,
      );
      return lines;
    }
    case 'chip_dumping': {
      const e = item.evidence;
      const loser = accountName(item, e.loser_id);
      const winner = accountName(item, e.winner_id);
      return [
        `${loser} perdió ${plural(e.losses, 'vez', 'veces')} contra ${winner} de ${e.decided} partidas que ganó uno de los dos (${formatPValue(e.p_value)}).`,
        `Flujo neto hacia ${winner}: ${formatBolivares(e.net)} · entradas: ${formatStakes(e.stakes)}.`,
      ];
    }
    case 'shared_reference': {
      const e = item.evidence;
      const accounts = new Set(e.recharges.map((r) => r.user_id)).size;
      return [
        `La referencia ${e.reference} fue usada por ${accounts} cuentas:`,
        ...e.recharges.map(
          (r) =>
            `${accountName(item, r.user_id)}: recarga #${r.id} de ${formatBolivares(r.amount)} (${r.status}).`,
        ),
      ];
    }
    case 'hand_sharing': {
      // docs/decisions/059-hand-sharing-detector.md; the hands: components/HandSharingEvidence.
      const e = item.evidence;
      const [a, b] = e.user_ids.map((id) => accountName(item, id));
      return [
        `${a} y ${b}, como compañeros, eligen jugadas que rinden más con las fichas reales de su pareja de lo que justifica lo que cada uno veía.`,
        `${plural(e.hands, 'mano', 'manos')} juntos en ${plural(e.matches, 'partida', 'partidas')}, ${plural(e.decisions, 'decisión', 'decisiones')} con más de una jugada: ganancia media ${decimal(e.mean_gain, 2)} puntos por decisión.`,
        `Estadístico z = ${decimal(e.z, 2)} (alerta desde ${decimal(e.threshold, 1)}; el juego honesto de los bots de prueba pasa de ahí en menos del 1 % de las parejas).`,
      ];
    }
  }
}

/**
 * The money at stake of an item's accounts at its last scan (decision 049: wallets, escrow,
 * pending withdrawals and recharges), e.g. "En juego: Bs. 640,00".
 */
export function stakeLine(item: RiskItem): string {
  return `En juego: ${formatBolivares(item.stake)}`;
}

/** One account's money at stake in a group item, in bolívares (null when not listed). */
export function accountStake(item: RiskItem, userId: number): number | null {
  if (item.kind !== 'linked') return null;
  return item.evidence.stakes?.[String(userId)] ?? null;
}

/** The actions an account offers, given its marks and status (suspend only while active). */
export function accountActions(
  account: Pick<RiskAccount, 'flagged' | 'withdrawals_held' | 'status'>,
): RiskAction[] {
  return [
    account.flagged ? 'unflag' : 'flag',
    account.withdrawals_held ? 'release' : 'hold',
    ...(account.status === 'activo' ? (['suspend'] as const) : []),
  ];
}

/** The button label of an action. */
export const ACTION_LABELS: Readonly<Record<RiskAction, string>> = {
  flag: 'Marcar',
  unflag: 'Quitar marca',
  hold: 'Retener retiros',
  release: 'Levantar retención',
  suspend: 'Suspender',
};

/** The Spanish message for a reason or note shorter than 3 characters, else null. */
export function reasonError(value: string, kind: 'reason' | 'note' = 'reason'): string | null {
  if (value.trim().length >= 3) return null;
  return kind === 'note' ? MSG_RISK.noteRequired : MSG_RISK.reasonRequired;
}
