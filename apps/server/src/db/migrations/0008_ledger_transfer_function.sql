-- One round trip per ledger transfer (docs/architecture.md#how-a-payment-flows; decision 005): records the transaction under its
-- idempotency key, locks the accounts in id order, refuses to take an account below zero unless it
-- may go negative, updates balances and versions, and appends the entries. Called only by
-- modules/ledger (`transfer`), which validates the postings first. The deferred trigger still
-- checks that every transaction's entries sum to zero at commit.
-- Errors: SQLSTATE DL001 = idempotency key reused with another request; DL002 = insufficient
-- funds (DETAIL = the account kind); DL003 = unknown account.
CREATE FUNCTION ledger_transfer(
  p_kind text,
  p_key text,
  p_hash text,
  p_ref_type text,
  p_ref_id text,
  p_actor bigint,
  p_description text,
  p_accounts bigint[],
  p_amounts bigint[]
) RETURNS TABLE (transaction_id bigint, replayed boolean, account_id bigint, balance_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_tx bigint;
  v_hash text;
  v_seen integer := 0;
  r record;
BEGIN
  INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, reference_type, reference_id, actor_user_id, description)
  VALUES (p_kind, p_key, p_hash, p_ref_type, p_ref_id, p_actor, p_description)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT t.id, t.request_hash INTO v_tx, v_hash FROM ledger_transactions t WHERE t.idempotency_key = p_key;
    IF v_hash IS DISTINCT FROM p_hash THEN
      RAISE EXCEPTION 'ledger idempotency key % reused with another request', p_key USING ERRCODE = 'DL001';
    END IF;
    RETURN QUERY SELECT v_tx, true, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;
  FOR r IN
    SELECT a.id, a.kind, a.balance_cents, a.version, a.allow_negative, u.amount
    FROM accounts a JOIN unnest(p_accounts, p_amounts) AS u(id, amount) ON u.id = a.id
    ORDER BY a.id
    FOR UPDATE OF a
  LOOP
    v_seen := v_seen + 1;
    IF r.balance_cents + r.amount < 0 AND NOT r.allow_negative THEN
      RAISE EXCEPTION 'insufficient funds' USING ERRCODE = 'DL002', DETAIL = r.kind;
    END IF;
    UPDATE accounts SET balance_cents = r.balance_cents + r.amount, version = r.version + 1 WHERE id = r.id;
    INSERT INTO ledger_entries (transaction_id, account_id, amount_cents, balance_after_cents, account_version)
    VALUES (v_tx, r.id, r.amount, r.balance_cents + r.amount, r.version + 1);
    transaction_id := v_tx;
    replayed := false;
    account_id := r.id;
    balance_after := r.balance_cents + r.amount;
    RETURN NEXT;
  END LOOP;
  IF v_seen <> cardinality(p_accounts) THEN
    RAISE EXCEPTION 'transfer to an unknown account' USING ERRCODE = 'DL003';
  END IF;
END;
$$;
