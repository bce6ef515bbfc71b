-- Why a session was closed (docs/decisions/036-first-load.md, "Sessions"): the reason is written
-- with `revoked_at` (logout, password change, password reset, suspension), so that a socket that
-- arrives after the end (a page that had just signed in) is told the real reason in its refused
-- handshake, as an open socket is told by `session:ended`. Older rows keep NULL ('revoked').
ALTER TABLE auth_tokens ADD COLUMN revoked_reason text;
