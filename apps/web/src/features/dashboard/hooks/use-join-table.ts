import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG_FIRSTDAY, type Table, type TableDetail } from '@domino/contracts';
import { isApiError, serverMessage } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { getSession, refreshUser, updateUser } from '../../../lib/session';
import { TABLES_QUERY_KEY } from '../api/tables';
import { checkJoin, fetchTableDetail, joinTable } from '../../../lib/join';
import { notifyJoinError } from '../../../lib/place-notice';
import { shouldRefreshList } from '../lib/join';

/**
 * The join flow of the 'Jugar' buttons (docs/decisions/017): visitors -> /login; otherwise the
 * table's current terms and the balance are read and the confirmation dialog
 * (components/JoinConfirmModal) opens; with a balance below the entry it says
 * MSG.insufficientBalanceNotice and leads to /recharge. Nothing is charged until `confirm`: POST join with the price the dialog showed, then toast
 * the server message and go to the waiting room. Failures show the server message (or
 * MSG.joinError) and refresh the list when it was out of date (e.g. the price changed).
 */
export function useJoinTable() {
  const navigate = useNavigate();
  const client = useQueryClient();
  /** The card whose terms are being read. */
  const [loadingId, setLoadingId] = useState<number | null>(null);
  /** The table the dialog asks about. */
  const [confirming, setConfirming] = useState<TableDetail | null>(null);
  const [joining, setJoining] = useState(false);

  const join = async (table: Table) => {
    if (loadingId !== null || confirming !== null) return;
    const check = checkJoin(getSession().user, table.entry_price);
    if (check.kind === 'login') {
      navigate('/login');
      return;
    }
    // A balance below the entry still opens the dialog (its terms are read, nothing is charged):
    // it says MSG.insufficientBalanceNotice and offers "Recargar saldo" instead of paying.
    setLoadingId(table.id);
    try {
      // The balance may have changed on another device: the dialog shows the server's.
      const [terms] = await Promise.all([
        fetchTableDetail(table.id),
        refreshUser().catch(() => undefined),
      ]);
      setConfirming(terms);
    } catch (error) {
      const notFound = isApiError(error) && error.status === 404;
      notify.error(
        notFound
          ? (serverMessage(error.body) ?? MSG_FIRSTDAY.joinTermsLoadError)
          : MSG_FIRSTDAY.joinTermsLoadError,
      );
      if (notFound) void client.invalidateQueries({ queryKey: TABLES_QUERY_KEY });
    } finally {
      setLoadingId(null);
    }
  };

  const confirm = async (table: Pick<TableDetail, 'id' | 'entry_price'>) => {
    if (joining) return;
    setJoining(true);
    try {
      const res = await joinTable(table.id, table.entry_price);
      const current = getSession().user;
      if (current) updateUser({ ...current, balance: res.new_balance });
      notify.success(res.message);
      setConfirming(null);
      navigate(`/waiting-room/${table.id}`);
    } catch (error) {
      notifyJoinError(error, navigate);
      if (shouldRefreshList(error)) void client.invalidateQueries({ queryKey: TABLES_QUERY_KEY });
      setConfirming(null);
    } finally {
      setJoining(false);
    }
  };

  const cancel = () => {
    if (!joining) setConfirming(null);
  };

  return {
    join,
    /** The card whose button shows progress: terms being read, or its join in flight. */
    joiningId: loadingId ?? (joining ? (confirming?.id ?? null) : null),
    confirming,
    joining,
    confirm,
    cancel,
  };
}
