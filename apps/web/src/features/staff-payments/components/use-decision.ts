import { useState } from 'react';
import { MSG } from '@domino/contracts';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { useDecisionMutation, type DecisionInput } from '../api/requests';

/**
 * The decision flow shared by the queues: which dialog is open, the mutation, and what happens
 * afterwards — success toast and close; 409 (decided by someone else) toast the server message and
 * close (the queue refetches either way); other failures stay in the dialog for a retry.
 */
export function useDecision<T extends { id: number }, K extends string>() {
  const mutation = useDecisionMutation();
  const [open, setOpen] = useState<{ kind: K; item: T } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (mutation.isPending) return;
    setOpen(null);
    setError(null);
  };

  const start = (kind: K, item: T) => {
    mutation.reset();
    setError(null);
    setOpen({ kind, item });
  };

  const submit = (input: DecisionInput) => {
    setError(null);
    mutation.mutate(input, {
      onSuccess: (res) => {
        notify.success(res.message);
        setOpen(null);
      },
      onError: (err) => {
        // A withdrawal under review paid without acknowledging it: stay, show why (decision 013).
        if (isApiError(err) && err.code === 'payments/review_required') {
          setError(err.message);
          return;
        }
        if (isApiError(err) && err.status === 409) {
          notify.warning(err.message);
          setOpen(null);
          return;
        }
        if (isApiError(err) && err.status === 422) {
          const first = Object.values(err.fieldErrors)[0]?.[0];
          setError(first ?? err.message);
          return;
        }
        setError(isApiError(err) ? err.message : MSG.unexpected);
      },
    });
  };

  return { open, start, close, submit, error, loading: mutation.isPending };
}
