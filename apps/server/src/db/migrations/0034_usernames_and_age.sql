-- Usernames players choose and the 18+ declaration (docs/decisions/040-phones-usernames-adults.md).
-- Until now a username was the e-mail's local part plus digits, shown to friends and rivals: every
-- player's is replaced by a neutral generated one ("jugador" + the id on 6 digits) that they can
-- change for one of their own; the staff account keeps its name. Names are unique ignoring case.
UPDATE users SET username = 'jugador' || lpad(id::text, 6, '0') WHERE rol = 'jugador';
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
--> statement-breakpoint
-- When the player chose the current name (NULL: generated, the app asks them to choose).
ALTER TABLE users ADD COLUMN username_chosen_at timestamptz;
--> statement-breakpoint
-- The calendar date of birth given at registration (the cédula check can compare it later) and
-- when the player declared being 18 or older. NULL for accounts made before: asked once, and
-- recharges and paid entries are refused until answered.
ALTER TABLE users ADD COLUMN birth_date date;
--> statement-breakpoint
ALTER TABLE users ADD COLUMN adult_declared_at timestamptz;
--> statement-breakpoint
-- Names a player left: held for them (nobody else may take one) until held_until. Append-only.
CREATE TABLE username_history (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  username text NOT NULL,
  released_at timestamptz NOT NULL DEFAULT now(),
  held_until timestamptz NOT NULL
);
--> statement-breakpoint
CREATE INDEX username_history_lower_idx ON username_history (lower(username), held_until);
--> statement-breakpoint
CREATE INDEX username_history_user_idx ON username_history (user_id, released_at);
