import { spawn } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { holdsListener } from './listener';

/** The check that a journey's health answer came from its own server (listener.ts). */
describe('which process holds a listening port', () => {
  it.skipIf(process.platform !== 'linux')(
    'names the process that listens, not another one, and nobody once it closed',
    async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as net.AddressInfo;
      const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        stdio: 'ignore',
      });
      try {
        expect(holdsListener(process.pid, port)).toBe(true);
        expect(holdsListener(other.pid ?? -1, port)).toBe(false);
      } finally {
        other.kill('SIGKILL');
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      expect(holdsListener(process.pid, port)).toBe(false);
    },
  );
});
