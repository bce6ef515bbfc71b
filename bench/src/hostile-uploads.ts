/**
 * Hostile upload files against a running server (docs/decisions/046-bounded-file-parsing.md):
 * starts the server of a checkout (this one by default, `--root /path` for another, e.g. main
 * before the change) as a child process over a throwaway PGlite directory, then sends each file
 * of the hostile corpus (apps/server/src/test/hostile-files.ts) to the statement route and to the
 * avatar route, one at a time. For each it prints the time to the refusal, the child's peak
 * resident memory while it was being refused (VmRSS sampled every 25 ms from /proc) and the
 * slowest `/api/health` answer meanwhile (asked every 100 ms).
 *
 * Run: npx tsx bench/src/hostile-uploads.ts [--root /work/main] [--only xlsxWide,zipBomb]
 *      [--timeout 180] [--routes statement,avatar]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startApp } from './built-app';
import { newPlayer } from '../../apps/server/src/test/helpers';
import { multipartForm } from '../../apps/server/src/test/forms';
import { hostileCorpus, type HostileName } from '../../apps/server/src/test/hostile-files';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ROOT = path.resolve(arg('--root') ?? path.join(HERE, '../..'));
const ONLY = arg('--only')?.split(',') as HostileName[] | undefined;
const TIMEOUT_MS = Number(arg('--timeout') ?? 180) * 1000;
const ROUTES = (arg('--routes') ?? 'statement,avatar').split(',');

/** Resident memory of a process in MB (Linux /proc), or NaN. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

async function main() {
  const admin = { email: 'hostile-admin@domino.local', password: 'HostileAdmin123' };
  const {
    baseUrl: base,
    stop,
    child,
    output,
  } = await startApp('', {
    root: ROOT,
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      AVAILABILITY_LIMIT_PER_MINUTE: '100000',
    },
  });
  try {
    const json = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${url}`, init);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const login = await json('/api/login_api', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const adminToken = String(login.body.token);
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const accounts = (await (
      await fetch(`${base}/api/admin/reconciliation/accounts`, { headers: auth(adminToken) })
    ).json()) as { id: number; active: boolean }[];
    const accountId = accounts.find((a) => a.active)!.id;
    await json(`/api/admin/reconciliation/accounts/${accountId}/mapping`, {
      method: 'PUT',
      headers: { ...auth(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({
        header_row: 1,
        date_column: 'Fecha',
        date_format: 'dd/mm/yyyy',
        reference_column: 'Referencia',
        amount_mode: 'signed',
        amount_column: 'Monto',
        amount_format: 've',
        description_column: 'Descripción',
      }),
    });

    const corpus = await hostileCorpus();
    const names = (Object.keys(corpus) as HostileName[]).filter((n) => !ONLY || ONLY.includes(n));
    console.log(`server: ${ROOT} (pid ${child.pid}), idle RSS ${rssMb(child.pid!).toFixed(0)} MB`);
    console.log('| file | bytes | route | answer | refused in | peak RSS | slowest /api/health |');
    console.log('| --- | ---: | --- | --- | ---: | ---: | ---: |');
    for (const name of names) {
      for (const route of ROUTES) {
        let token = adminToken;
        let url = '/api/admin/reconciliation/statements';
        let field = 'statement';
        const parts: { name: string; value: string }[] = [];
        if (route === 'statement') parts.push({ name: 'account_id', value: String(accountId) });
        else {
          // Avatars are rate-limited per player: a new one each time.
          const reg = await json('/api/register_api', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(newPlayer()),
          });
          token = String(reg.body.token);
          url = '/api/user/avatar';
          field = 'avatar';
        }
        const form = multipartForm([
          ...parts,
          {
            name: field,
            file: { filename: 'archivo', type: 'application/octet-stream', data: corpus[name] },
          },
        ]);
        const idle = rssMb(child.pid!);
        let peak = idle;
        const sampler = setInterval(() => {
          peak = Math.max(peak, rssMb(child.pid!));
        }, 25);
        let done = false;
        let slowest = 0;
        const health = (async () => {
          while (!done) {
            const t0 = performance.now();
            try {
              await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
            } catch {
              // counted by its time
            }
            slowest = Math.max(slowest, performance.now() - t0);
            await new Promise((r) => setTimeout(r, 100));
          }
        })();
        const t0 = performance.now();
        let answer: string;
        try {
          const res = await fetch(`${base}${url}`, {
            method: 'POST',
            headers: { ...form.headers, ...auth(token) },
            body: new Uint8Array(form.payload),
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          const body = (await res.json()) as {
            message?: string;
            code?: string;
            errors?: Record<string, string[]>;
          };
          answer = `${res.status} ${body.code ?? ''}: ${body.errors?.[field]?.[0] ?? body.message ?? ''}`;
        } catch (err) {
          answer = `no answer in ${TIMEOUT_MS / 1000} s (${(err as Error).name})`;
        }
        const ms = performance.now() - t0;
        done = true;
        await health;
        clearInterval(sampler);
        console.log(
          `| ${name} | ${corpus[name].length.toLocaleString('en-US')} | ${route} | ${answer} | ` +
            `${(ms / 1000).toFixed(2)} s | ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)}) | ` +
            `${(slowest / 1000).toFixed(2)} s |`,
        );
        if (child.exitCode !== null) throw new Error(`server died:\n${output().slice(-2000)}`);
      }
    }
  } finally {
    await stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
