import {
  RESPONSIBLE_LABELS,
  caracasDateTime,
  formatBs,
  type ResponsibleSettings,
} from '@domino/contracts';

/**
 * The staff's one-line summary of a player's settings (AdminUserPage): the limits in force, the
 * pending changes, the reminder and the running pause; "Sin límites ni pausa" when none.
 */
export function staffSummary(settings: ResponsibleSettings): string {
  const parts: string[] = [];
  for (const l of settings.limits) {
    const name = `${l.kind === 'deposit' ? 'Recargas' : 'Pérdidas'} ${RESPONSIBLE_LABELS.period[l.period].toLowerCase()}`;
    if (l.amount_cents !== null) parts.push(`${name}: ${formatBs(l.amount_cents)}`);
    if (l.pending)
      parts.push(
        `${name} pasa a ${l.pending.amount_cents === null ? 'sin límite' : formatBs(l.pending.amount_cents)} el ${caracasDateTime(l.pending.effective_at)}`,
      );
  }
  if (settings.reminder_minutes !== null)
    parts.push(`Recordatorio cada ${settings.reminder_minutes} min`);
  if (settings.pause) {
    const what = settings.pause.kind === 'timeout' ? 'En pausa' : 'Autoexcluido';
    parts.push(
      settings.pause.until
        ? `${what} hasta el ${caracasDateTime(settings.pause.until)}`
        : `${what} de forma permanente`,
    );
  }
  return parts.length ? parts.join(' · ') : 'Sin límites ni pausa';
}
