import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, MSG_TOURNAMENTS, TOURNAMENT_ROUTES, type TournamentDetail } from '@domino/contracts';
import type { TestApp } from '../../test/helpers';
import { buildTestApp, postgresAvailable } from '../../test/helpers';
import { escrowBalance, tournamentRequest, usernameOf } from '../../test/tournaments';
import type { Player } from '../../test/wallet-helpers';
import { fundedPlayer, loginAdmin, routeCallers } from '../../test/wallet-helpers';
import { checkLedger } from '../ledger/ledger';
import { eq } from 'drizzle-orm';
import { loginDevices, users } from '../../db/schema';

/**
 * The tournament API on real PostgreSQL (docs/decisions/028): what players and staff may do, and
 * what an attacker gets instead — Spanish refusals that change nothing.
 */
const pg = await postgresAvailable();

describe.skipIf(!pg)('tournament routes (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let ana: Player & { name: string };
  let luis: Player & { name: string };
  let poor: Player & { name: string };
  const { get, post } = routeCallers(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    admin = await loginAdmin(t);
    ana = await fundedPlayer(t, admin, 100);
    luis = await fundedPlayer(t, admin, 100);
    poor = await fundedPlayer(t, admin, 5);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function create(over = {}): Promise<TournamentDetail> {
    const res = await post(TOURNAMENT_ROUTES.staffList, admin, tournamentRequest(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('lets staff schedule, shows it publicly, and refuses players and strangers', async () => {
    const d = await create({ name: 'Copa Caracas' });
    expect(d).toMatchObject({ name: 'Copa Caracas', status: 'scheduled', entry_fee: 10 });
    expect(d.prizes).toEqual([{ place: 1, bps: 10_000, amount: 0 }]);
    const list = (await get(TOURNAMENT_ROUTES.list)).json();
    expect(list.tournaments.some((x: { id: number }) => x.id === d.id)).toBe(true);
    expect((await get(TOURNAMENT_ROUTES.detail(d.id))).json().my_entry).toBeNull();

    const asPlayer = await post(TOURNAMENT_ROUTES.staffList, ana.token, tournamentRequest());
    expect(asPlayer.statusCode).toBe(403);
    expect(asPlayer.json().message).toBe(MSG.forbidden);
    const anon = await t.app.inject({
      method: 'POST',
      url: TOURNAMENT_ROUTES.staffCancel(d.id),
    });
    expect(anon.statusCode).toBe(401);
    expect((await get(TOURNAMENT_ROUTES.staffList, ana.token)).statusCode).toBe(403);
    expect((await post(TOURNAMENT_ROUTES.staffCancel(d.id), ana.token)).statusCode).toBe(403);
  });

  it('refuses bad staff input in Spanish', async () => {
    const bad = async (over: object, message: string) => {
      const res = await post(TOURNAMENT_ROUTES.staffList, admin, tournamentRequest(over));
      expect(res.statusCode).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    };
    await bad({ prize_split_bps: [5000, 4000] }, MSG_TOURNAMENTS.prizeSplitSum);
    await bad({ format: 'swiss' }, MSG_TOURNAMENTS.formatMode);
    await bad({ capacity: 7 }, MSG_TOURNAMENTS.capacityEven);
    await bad(
      { min_entrants: 2, prize_split_bps: [5000, 3000, 2000] },
      MSG_TOURNAMENTS.prizePlacesTooMany,
    );
    await bad(
      { starts_at: new Date(Date.now() - 60_000).toISOString() },
      MSG_TOURNAMENTS.startInPast,
    );
  });

  it('refuses an account linked to an entrant (one browser), never strangers on one address', async () => {
    const d = await create();
    const url = TOURNAMENT_ROUTES.register(d.id);
    const [one, two, stranger] = [
      await fundedPlayer(t, admin, 100),
      await fundedPlayer(t, admin, 100),
      await fundedPlayer(t, admin, 100),
    ];
    // one and two signed in from the same browser (its sign-in cookie); all share 127.0.0.1.
    for (const p of [one!, two!])
      await t.database.db
        .insert(loginDevices)
        .values({ userId: p.id, deviceHash: `one-browser-${one!.id}` });
    expect((await post(url, one!.token, {})).statusCode).toBe(200);
    const refused = await post(url, two!.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: MSG_TOURNAMENTS.linkedAccount,
      code: 'tournaments/linked_account',
    });
    expect((await post(url, stranger!.token, {})).statusCode).toBe(200);
    expect(await escrowBalance(t.database.db, d.id)).toBe(2_000);
  });

  it('registers with escrow, refuses what it must, and refunds on unregister', async () => {
    const d = await create();
    const url = TOURNAMENT_ROUTES.register(d.id);
    // Partner rules.
    const self = await post(url, ana.token, { partner: await usernameOf(t.database.db, ana.id) });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(MSG_TOURNAMENTS.partnerSelf);
    const nobody = await post(url, ana.token, { partner: 'no_existe_nadie' });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(MSG_TOURNAMENTS.partnerNotFound);
    // A staff username, in any spelling, is refused exactly like an unknown one: the answer
    // confirms no staff name (decision 048).
    const [staffUser] = await t.database.db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.rol, 'admin'));
    for (const name of [staffUser!.username, staffUser!.username.toUpperCase()]) {
      const asStaff = await post(url, ana.token, { partner: name });
      expect({ status: asStaff.statusCode, body: asStaff.json() }).toEqual({
        status: nobody.statusCode,
        body: nobody.json(),
      });
    }
    expect((await get(TOURNAMENT_ROUTES.detail(d.id), ana.token)).json().my_entry).toBeNull();
    // Not enough money: refused, nothing moved.
    const broke = await post(url, poor.token, {});
    expect(broke.statusCode).toBe(422);
    expect(broke.json().message).toBe(MSG_TOURNAMENTS.insufficientFunds);
    expect(await escrowBalance(t.database.db, d.id)).toBe(0);

    const luisName = await usernameOf(t.database.db, luis.id);
    const anaName = await usernameOf(t.database.db, ana.id);
    const first = await post(url, ana.token, { partner: luisName });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      message: MSG_TOURNAMENTS.registeredWaitingPartner(luisName),
      new_balance: 90,
      my_entry: { status: 'registered', partner: { name: luisName, confirmed: false } },
    });
    // Luis sees the invitation and confirms.
    const seen = (await get(TOURNAMENT_ROUTES.detail(d.id), luis.token)).json();
    expect(seen.invitations).toEqual([{ id: ana.id, name: anaName }]);
    const second = await post(url, luis.token, { partner: anaName });
    expect(second.json()).toMatchObject({
      message: MSG_TOURNAMENTS.partnerConfirmed(anaName),
      my_entry: { partner: { id: ana.id, confirmed: true } },
    });
    // A replay of the same registration is refused and charges nothing.
    const again = await post(url, ana.token, { partner: luisName });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG_TOURNAMENTS.alreadyRegistered);
    // Naming someone already paired is refused.
    const third = await fundedPlayer(t, admin, 50);
    const taken = await post(url, third.token, { partner: luisName });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG_TOURNAMENTS.partnerTaken);
    expect(await escrowBalance(t.database.db, d.id)).toBe(20_00);

    // Unregister: refund; again: refused.
    const out = await post(TOURNAMENT_ROUTES.unregister(d.id), ana.token);
    expect(out.json()).toMatchObject({ message: MSG_TOURNAMENTS.unregistered, new_balance: 100 });
    const twice = await post(TOURNAMENT_ROUTES.unregister(d.id), ana.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG_TOURNAMENTS.notRegistered);
    expect(await escrowBalance(t.database.db, d.id)).toBe(10_00);

    // Staff cancel refunds Luis; a second cancel and a late registration are refused.
    const cancel = await post(TOURNAMENT_ROUTES.staffCancel(d.id), admin, { reason: 'Prueba' });
    expect(cancel.json()).toEqual({ message: MSG_TOURNAMENTS.cancelled, refunded_players: 1 });
    expect(await escrowBalance(t.database.db, d.id)).toBe(0);
    const recancel = await post(TOURNAMENT_ROUTES.staffCancel(d.id), admin);
    expect(recancel.statusCode, recancel.body).toBe(409);
    const late = await post(url, ana.token, {});
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MSG_TOURNAMENTS.registrationClosed);
    const staff = (await get(TOURNAMENT_ROUTES.staffList, admin)).json();
    const row = staff.tournaments.find((x: { id: number }) => x.id === d.id);
    expect(row.status).toBe('cancelled');
    expect(row.entrants).toHaveLength(2);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('lets a player registered alone accept an invitation later without paying again', async () => {
    const d = await create();
    const url = TOURNAMENT_ROUTES.register(d.id);
    const carla = await fundedPlayer(t, admin, 50);
    const diego = await fundedPlayer(t, admin, 50);
    const carlaName = await usernameOf(t.database.db, carla.id);
    const diegoName = await usernameOf(t.database.db, diego.id);
    expect((await post(url, carla.token, {})).json().new_balance).toBe(40);
    expect((await post(url, diego.token, { partner: carlaName })).statusCode).toBe(200);
    const seen = (await get(TOURNAMENT_ROUTES.detail(d.id), carla.token)).json();
    expect(seen.invitations).toEqual([{ id: diego.id, name: diegoName }]);
    const accept = await post(url, carla.token, { partner: diegoName });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json()).toMatchObject({
      message: MSG_TOURNAMENTS.partnerConfirmed(diegoName),
      new_balance: 40,
      my_entry: { partner: { id: diego.id, confirmed: true } },
    });
    const again = await post(url, carla.token, { partner: diegoName });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG_TOURNAMENTS.alreadyRegistered);
    expect(await escrowBalance(t.database.db, d.id)).toBe(20_00);
  });

  it('refuses a partner in an individual tournament', async () => {
    const d = await create({
      format: 'swiss',
      rules: { ...tournamentRequest().rules, mode: 'individual', players: 2 },
    });
    const res = await post(TOURNAMENT_ROUTES.register(d.id), ana.token, {
      partner: await usernameOf(t.database.db, luis.id),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG_TOURNAMENTS.partnerNotForMode);
  });

  it('answers odd ids with the Spanish 404 and changes nothing', async () => {
    for (const id of ['999999', '01', '1e3', 'abc', '-1', '0x10']) {
      const res = await get(`/api/tournaments/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/no existe|No encontramos|no encontrad/i);
      const reg = await post(`/api/tournaments/${id}/register`, ana.token, {});
      expect(reg.statusCode).toBe(404);
    }
  });

  it('replays a retried schedule or registration with the same Idempotency-Key once', async () => {
    const body = tournamentRequest({ name: 'Copa Reintento' });
    const schedule = () =>
      t.app.inject({
        method: 'POST',
        url: TOURNAMENT_ROUTES.staffList,
        headers: { authorization: `Bearer ${admin}`, 'idempotency-key': 'copa-reintento-1' },
        payload: body,
      });
    const [first, again] = await Promise.all([schedule(), schedule()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const listed = (await get(TOURNAMENT_ROUTES.list)).json().tournaments as { name: string }[];
    expect(listed.filter((x) => x.name === 'Copa Reintento')).toHaveLength(1);

    const player = await fundedPlayer(t, admin, 50);
    const join = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/tournaments/${first.json().id}/register`,
        headers: { authorization: `Bearer ${player.token}`, 'idempotency-key': 'inscripcion-1' },
        payload: {},
      });
    const [a, b] = await Promise.all([join(), join()]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect(a.json().new_balance).toBe(40);
    expect(await escrowBalance(t.database.db, first.json().id)).toBe(10_00);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});
