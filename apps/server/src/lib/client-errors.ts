import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { INPUT_CODES, MSG_INPUT } from '@domino/contracts';

/**
 * Fastify `clientErrorHandler`: what Node's HTTP parser refuses before Fastify sees a request (a
 * malformed request line or header, headers over the size limit, a request that never finishes)
 * is answered like every other refusal, `{message, code}` in Spanish with our code (decision 014),
 * instead of Fastify's default `{"error":"Bad Request","message":"Client Error"}`.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: { message: string; code: string } = {
    message: MSG_INPUT.badRequest,
    code: INPUT_CODES.badRequest,
  };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { message: MSG_INPUT.requestTimeout, code: INPUT_CODES.requestTimeout };
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { message: MSG_INPUT.headersTooLarge, code: INPUT_CODES.headersTooLarge };
  }
  this.log.debug({ code: err.code }, 'client error');
  if (socket.writable) {
    const json = JSON.stringify(body);
    const reason =
      status === 408
        ? 'Request Timeout'
        : status === 431
          ? 'Request Header Fields Too Large'
          : 'Bad Request';
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    );
  }
  socket.destroy(err);
}
