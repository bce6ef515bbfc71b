-- An address is not a person (docs/decisions/039-an-address-is-not-a-person.md).
-- The browsers each account signed in from: the SHA-256 of the `domino_device` cookie (a random
-- value the server sets on a successful sign-in, HttpOnly, SameSite=Strict, path /api/login_api).
-- A row is the evidence that this browser signed in to this account before: its right password is
-- never refused by the per-address login limit, and two accounts with one browser are linked
-- (risk/linked.ts). The raw cookie is never stored.
CREATE TABLE IF NOT EXISTS login_devices (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id),
  device_hash text NOT NULL,
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS login_devices_user_device_key ON login_devices (user_id, device_hash);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS login_devices_device_idx ON login_devices (device_hash, last_seen_at);
