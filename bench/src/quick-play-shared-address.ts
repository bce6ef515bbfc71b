/**
 * Quick play for players behind one address (docs/decisions/039-an-address-is-not-a-person.md):
 * the real app (Fastify inject, TRUST_PROXY=loopback, every request forwarded for one public
 * address as a carrier's NAT would) on real PostgreSQL, a throwaway database. Each round four
 * strangers (own browser, own device id, same address) ask for Parejas at Bs. 100 one after the
 * other; the round's time is from the first POST /api/quick-play to the answer of the fourth,
 * which is `matched` (the enqueue runs one matcher pass). Also prints the matcher pass and the
 * linked-accounts check alone, and how many rounds did not seat the four together (must be 0).
 *
 * Run: npx tsx bench/src/quick-play-shared-address.ts [--rounds 25]
 * Needs PostgreSQL at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { performance } from 'node:perf_hooks';
import { buildTestApp, newPlayer } from '../../apps/server/src/test/helpers';
import { linkedAmong } from '../../apps/server/src/modules/risk/linked';
import { arg } from './realtime-server';

const ROUNDS = Number(arg('rounds', '25'));
const CARRIER = '203.0.113.7';

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

async function main() {
  const t = await buildTestApp('postgres', { TRUST_PROXY: 'loopback' });
  try {
    const send = (method: 'POST' | 'GET', url: string, body?: object, headers = {}) =>
      t.app.inject({
        method,
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': CARRIER, ...headers },
        ...(body ? { payload: body } : {}),
      });
    const login = await send('POST', '/api/login_api', {
      email: t.config.ADMIN_EMAIL,
      password: t.config.ADMIN_PASSWORD,
    });
    const admin = login.json().token as string;
    let seq = 0;
    async function stranger() {
      seq += 1;
      const device = `bench-phone-${seq}-${Date.now()}`;
      const reg = await send('POST', '/api/register_api', newPlayer(), { 'x-device-id': device });
      const { token, user } = reg.json() as { token: string; user: { id: number } };
      await send(
        'POST',
        `/api/admin/users/${user.id}/adjustments`,
        { amount: 200, reason: 'bench' },
        { authorization: `Bearer ${admin}` },
      );
      return { id: user.id, token, device };
    }

    const roundMs: number[] = [];
    const linkMs: number[] = [];
    let apart = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const four = [await stranger(), await stranger(), await stranger(), await stranger()];
      let t0 = performance.now();
      const graph = await linkedAmong(
        t.database.db,
        four.map((p) => p.id),
        { recent: four.map((p) => ({ userId: p.id, deviceId: p.device, ip: CARRIER })) },
      );
      linkMs.push(performance.now() - t0);
      if (graph.pairs.length > 0) apart += 1;
      t0 = performance.now();
      let last: { status: string; table_id?: number } = { status: 'idle' };
      for (const p of four)
        last = (
          await send(
            'POST',
            '/api/quick-play',
            { mode: 'parejas', entry_price: 100 },
            { authorization: `Bearer ${p.token}`, 'x-device-id': p.device },
          )
        ).json();
      roundMs.push(performance.now() - t0);
      if (last.status !== 'matched') apart += 1;
    }
    console.log(
      `${ROUNDS} rounds of 4 strangers on ${CARRIER}: first enqueue -> matched p50 ${fmt(pct(roundMs, 50))}, p95 ${fmt(pct(roundMs, 95))}, max ${fmt(Math.max(...roundMs))}`,
    );
    console.log(
      `linked-accounts check of the four: p50 ${fmt(pct(linkMs, 50))}, p95 ${fmt(pct(linkMs, 95))}`,
    );
    console.log(`rounds where the four were not seated together: ${apart}`);
  } finally {
    await t.close();
  }
}

await main();
