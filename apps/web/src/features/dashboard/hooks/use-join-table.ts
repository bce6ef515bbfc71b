import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MSG, type Table } from '@domino/contracts';
import { notify } from '../../../lib/notify';
import { getSession, updateUser } from '../../../lib/session';
import { TABLES_QUERY_KEY } from '../api/tables';
import { joinTable } from '../api/join';
import { checkJoin, joinErrorText } from '../../../lib/join';
import { shouldRefreshList } from '../lib/join';

/**
 * The join flow of the 'Jugar' buttons (spec §2, §5, §8): visitors -> /login; a balance below the
 * entry -> MSG.insufficientBalanceNotice without a call; otherwise POST join with the card's price,
 * then toast the server message and go to the waiting room. Failures show the server message (or
 * MSG.joinError) and refresh the list when it was out of date (e.g. the price changed).
 */
export function useJoinTable() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [joiningId, setJoiningId] = useState<number | null>(null);

  const join = async (table: Table) => {
    if (joiningId !== null) return;
    const user = getSession().user;
    const check = checkJoin(user, table.entry_price);
    if (check.kind === 'login') {
      navigate('/login');
      return;
    }
    if (check.kind === 'insufficient') {
      notify.warning(MSG.insufficientBalanceNotice);
      return;
    }
    setJoiningId(table.id);
    try {
      const res = await joinTable(table.id, table.entry_price);
      const current = getSession().user;
      if (current) updateUser({ ...current, balance: res.new_balance });
      notify.success(res.message);
      navigate(`/waiting-room/${table.id}`);
    } catch (error) {
      notify.error(joinErrorText(error));
      if (shouldRefreshList(error)) void client.invalidateQueries({ queryKey: TABLES_QUERY_KEY });
      setJoiningId(null);
    }
  };

  return { join, joiningId };
}
