import {
  LIMIT_PERIODS,
  PAUSE_KIND,
  RESPONSIBLE_LABELS,
  caracasDateTime,
  formatBs,
  parseBolivaresString,
  type LimitView,
  type PauseOption,
  type ResponsibleSettings,
} from '@domino/contracts';

/**
 * Pure helpers of the "Juego responsable" section (docs/decisions/030): reading a limit field,
 * describing a limit, what each pause means, and when the next play reminder is due.
 */

/**
 * The céntimos a limit field asks for: '' = no limit (null); a valid bolívares amount above zero
 * in céntimos; undefined when the text is not a valid amount.
 */
export function limitInput(text: string): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const cents = parseBolivaresString(trimmed);
  return cents === null || cents <= 0 ? undefined : cents;
}

/** The field's starting text for a limit in céntimos ('' when none): "1500" or "12.5". */
export function limitText(cents: number | null): string {
  if (cents === null) return '';
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** "Usado: Bs. 100,00 de Bs. 500,00" or "Sin límite" for one limit. */
export function limitSummary(limit: LimitView): string {
  if (limit.amount_cents === null) return 'Sin límite';
  return `Usado: ${formatBs(limit.used_cents)} de ${formatBs(limit.amount_cents)}`;
}

/** "Tu nuevo límite entra en vigor el dd/mm/aaaa hh:mm (sin límite)" for a pending change. */
export function pendingText(limit: LimitView): string | null {
  if (!limit.pending) return null;
  const value =
    limit.pending.amount_cents === null ? 'sin límite' : formatBs(limit.pending.amount_cents);
  return `Tu nuevo límite (${value}) entra en vigor el ${caracasDateTime(limit.pending.effective_at)}.`;
}

/** The limits of one kind in period order (day, week, month). */
export function limitsOf(settings: ResponsibleSettings, kind: LimitView['kind']): LimitView[] {
  return LIMIT_PERIODS.map(
    (period) =>
      settings.limits.find((l) => l.kind === kind && l.period === period) ?? {
        kind,
        period,
        amount_cents: null,
        used_cents: 0,
        pending: null,
      },
  );
}

/** What the confirmation dialog of a pause says it means. */
export function pauseExplanation(option: PauseOption): string {
  const label = RESPONSIBLE_LABELS.pause[option];
  if (PAUSE_KIND[option] === 'timeout')
    return (
      `Durante ${label} no podrás recargar, entrar a mesas, buscar partida ni inscribirte en torneos. ` +
      'Podrás ver tu historial y tu saldo, retirar y practicar gratis contra la CPU. ' +
      'La pausa no se puede deshacer ni acortar.'
    );
  const span = option === 'permanent' ? 'de forma permanente' : `durante ${label}`;
  return (
    `Te autoexcluirás ${span}: no podrás recargar, entrar a mesas, buscar partida ni inscribirte ` +
    'en torneos. Saldrás de la cola de Jugar ahora. Podrás ver tu historial y tu saldo y retirar. ' +
    'La autoexclusión no se puede deshacer ni acortar.'
  );
}

/**
 * Milliseconds until the next reminder of a session that started at `startedAtMs`, every
 * `minutes` minutes: the next whole multiple of the interval after `nowMs` (never 0).
 */
export function msUntilNextReminder(startedAtMs: number, minutes: number, nowMs: number): number {
  const every = minutes * 60_000;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  const next = (Math.floor(elapsed / every) + 1) * every;
  return next - elapsed;
}
