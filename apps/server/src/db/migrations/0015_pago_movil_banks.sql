-- docs/decisions/016: every bank that takes part in Pago Móvil, with its 4-digit
-- code, for databases that already hold a bank catalogue; a new database gets the same list from
-- the first-start catalogue (modules/catalog/bootstrap.ts, PAGO_MOVIL_BANKS in the contracts).
-- Idempotent, on PGlite and PostgreSQL: a code already present keeps its row, id, status and name,
-- except the four abbreviations the first catalogue wrote (docs/product.md §3's static list, 'MI BANCO' being
-- R4's former name), which get the full name only while they still hold that exact spelling, so a
-- name staff chose is never overwritten.
UPDATE "banks" AS b SET "name" = v."name", "updated_at" = now()
FROM (VALUES
  ('0102', 'VENEZUELA', 'Banco de Venezuela'),
  ('0169', 'MI BANCO', 'R4 Banco Microfinanciero'),
  ('0171', 'ACTIVO', 'Banco Activo'),
  ('0175', 'BDT', 'Banco Digital de los Trabajadores')
) AS v("code", "old_name", "name")
WHERE b."code" = v."code" AND b."name" = v."old_name";--> statement-breakpoint
INSERT INTO "banks" ("code", "name")
SELECT v."code", v."name" FROM (VALUES
  ('0102', 'Banco de Venezuela'),
  ('0104', 'Venezolano de Crédito'),
  ('0105', 'Mercantil'),
  ('0108', 'BBVA Provincial'),
  ('0114', 'Bancaribe'),
  ('0115', 'Banco Exterior'),
  ('0128', 'Banco Caroní'),
  ('0134', 'Banesco'),
  ('0137', 'Banco Sofitasa'),
  ('0138', 'Banco Plaza'),
  ('0146', 'Bangente'),
  ('0151', 'BFC Banco Fondo Común'),
  ('0156', '100% Banco'),
  ('0157', 'DelSur'),
  ('0163', 'Banco del Tesoro'),
  ('0166', 'Banco Agrícola de Venezuela'),
  ('0168', 'Bancrecer'),
  ('0169', 'R4 Banco Microfinanciero'),
  ('0171', 'Banco Activo'),
  ('0172', 'Bancamiga'),
  ('0173', 'Banco Internacional de Desarrollo'),
  ('0174', 'Banplus'),
  ('0175', 'Banco Digital de los Trabajadores'),
  ('0177', 'BANFANB'),
  ('0178', 'N58 Banco Digital'),
  ('0191', 'BNC Banco Nacional de Crédito')
) AS v("code", "name")
WHERE EXISTS (SELECT 1 FROM "banks")
ORDER BY v."code"
ON CONFLICT ("code") DO NOTHING;
