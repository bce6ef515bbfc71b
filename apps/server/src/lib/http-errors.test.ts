import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_CODES, MSG, MSG_INPUT } from '@domino/contracts';
import type { TestApp } from '../test/helpers';
import { buildTestApp } from '../test/helpers';
import { notSpanishReason } from '../test/spanish';
import { errorReply } from './http-errors';
import { eventually } from '../test/sockets';

/** An error as Fastify and its plugins raise them: a code, a status, an English message. */
const fastifyError = (code: string, statusCode: number, message = 'English text') =>
  Object.assign(new Error(message), { code, statusCode });

describe('errorReply', () => {
  it('maps every framework error to our code and a Spanish message', () => {
    const cases: [string, number][] = [
      ['FST_ERR_CTP_INVALID_JSON_BODY', 400],
      ['FST_ERR_CTP_EMPTY_JSON_BODY', 400],
      ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415],
      ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400],
      ['FST_ERR_CTP_BODY_TOO_LARGE', 413],
      ['FST_ERR_BAD_URL', 400],
      ['FST_ERR_MAX_PARAM_LENGTH', 414],
      ['FST_ERR_NOT_FOUND', 404],
      ['FST_PARTS_LIMIT', 413],
      ['FST_FIELDS_LIMIT', 413],
      ['FST_FILES_LIMIT', 413],
      ['FST_REQ_FILE_TOO_LARGE', 413],
      ['FST_PROTO_VIOLATION', 400],
      ['FST_INVALID_MULTIPART_CONTENT_TYPE', 406],
      ['FST_INVALID_JSON_FIELD_ERROR', 406],
      ['FST_MP_PREMATURE_CLOSE', 400],
      ['FST_SOMETHING_NEW', 409],
      ['FST_SOMETHING_NEW', 405],
    ];
    for (const [code, status] of cases) {
      const r = errorReply(fastifyError(code, status));
      expect(r.status, code).toBeGreaterThanOrEqual(400);
      expect(r.status, code).toBeLessThan(500);
      expect(r.body.code, code).toMatch(/^[a-z]+\/[a-z_]+$/);
      expect(r.body.code, code).not.toMatch(/FST|ERR/i);
      expect(notSpanishReason(r.body.message), code).toBeNull();
      expect(r.unexpected).toBe(false);
    }
    expect(errorReply(fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400)).body).toEqual({
      message: MSG_INPUT.invalidJson,
      code: INPUT_CODES.invalidJson,
    });
  });

  it('turns a broken multipart form (busboy, no code) into a 400 upload/malformed', () => {
    for (const message of [
      'Multipart: Boundary not found',
      'Unexpected end of form',
      'Malformed part header',
    ])
      expect(errorReply(new Error(message)).body).toEqual({
        message: MSG_INPUT.multipartMalformed,
        code: INPUT_CODES.multipartMalformed,
      });
  });

  it('keeps anything else a 500 that says nothing of its cause', () => {
    const r = errorReply(new Error('connection string postgres://user:pw@db'));
    expect(r).toEqual({
      status: 500,
      body: { message: MSG.unexpected, code: 'server/internal' },
      unexpected: true,
    });
    expect(errorReply('a string').status).toBe(500);
  });
});

describe('refusals of the framework, end to end', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    // The last test closes the app itself.
    await t.close().catch(() => t.database.close());
  });

  const expectBody = (
    res: { statusCode: number; json: () => unknown },
    status: number,
    body: { message: string; code: string },
  ) => {
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
  };

  it('answers broken JSON, an unknown media type, a huge body and bad URLs in Spanish with our codes', async () => {
    const post = (payload: string, type = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/login_api',
        headers: { 'content-type': type },
        payload,
      });
    expectBody(await post('{"email":'), 400, {
      message: MSG_INPUT.invalidJson,
      code: INPUT_CODES.invalidJson,
    });
    expectBody(await post('<xml/>', 'application/xml'), 415, {
      message: MSG_INPUT.unsupportedMediaType,
      code: INPUT_CODES.unsupportedMediaType,
    });
    expectBody(await post(JSON.stringify({ email: 'x'.repeat(1_100_000) })), 413, {
      message: MSG_INPUT.payloadTooLarge,
      code: INPUT_CODES.payloadTooLarge,
    });
    expectBody(await t.app.inject('/api/games/%E0%A4%A/fairness'), 400, {
      message: MSG_INPUT.badUrl,
      code: INPUT_CODES.badUrl,
    });
    expectBody(await t.app.inject(`/api/games/${'a'.repeat(120)}/fairness`), 414, {
      message: MSG_INPUT.uriTooLong,
      code: INPUT_CODES.uriTooLong,
    });
    const array = await post('[]');
    expect(array.statusCode).toBe(422);
    expect(array.json().errors).toEqual({ _: [MSG_INPUT.expectedObject] });
  });

  /** Sends raw bytes on a new connection and returns what the server wrote back. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (d) => (data += d.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      socket.write(bytes);
    });
  const parse = (response: string) => {
    const [head, body] = response.split('\r\n\r\n');
    return { status: Number(head?.split(' ')[1]), head: head ?? '', body: JSON.parse(body ?? '') };
  };

  it('answers what Node’s HTTP parser refuses in Spanish too', async () => {
    const garbage = parse(await raw('THIS IS NOT HTTP\r\n\r\n'));
    expect(garbage.status).toBe(400);
    expect(garbage.head).toContain('application/json');
    expect(garbage.body).toEqual({ message: MSG_INPUT.badRequest, code: INPUT_CODES.badRequest });
    const huge = parse(
      await raw(`GET /api/tables HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(huge.status).toBe(431);
    expect(huge.body).toEqual({
      message: MSG_INPUT.headersTooLarge,
      code: INPUT_CODES.headersTooLarge,
    });
  });

  it('answers a request that arrives while the server closes with our Spanish 503 (runs last)', async () => {
    // A request whose headers are still arriving when the server starts closing.
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let data = '';
    socket.on('data', (d) => (data += d.toString('utf8')));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write('GET /api/tables HTTP/1.1\r\nHost: x\r\n');
    // The server holds the connection before it starts closing...
    await eventually(
      'the server to hold the connection',
      () =>
        new Promise<boolean>((resolve) =>
          t.app.server.getConnections((err, n) => resolve(!err && n > 0)),
        ),
    );
    const closing = t.app.close();
    // ...and has stopped listening (its preClose hooks ran) before the headers end.
    await eventually('the server to stop listening', () => !t.app.server.listening);
    socket.write('\r\n');
    await ended;
    await closing;
    const res = parse(data);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      message: MSG_INPUT.serviceUnavailable,
      code: INPUT_CODES.serviceUnavailable,
    });
  });
});
