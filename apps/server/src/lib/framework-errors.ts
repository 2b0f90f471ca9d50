import http from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, type ErrorBody } from '@atelier/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** What the router refuses before any route runs, in the contract's shape; the URL is never echoed. */
const ROUTER_ERRORS: Record<string, { status: number; body: ErrorBody }> = {
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    body: { message: 'This address is too long.', code: ErrorCode.badRequest },
  },
};
const BAD_ADDRESS = {
  status: 400,
  body: { message: 'This address is not valid.', code: ErrorCode.badRequest },
};

/**
 * Fastify's `frameworkErrors`: a path that is not valid percent-encoding, a path parameter past
 * the router's length limit, or a failed route constraint.
 */
export function answerRouterError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const { status, body } = ROUTER_ERRORS[error.code] ?? BAD_ADDRESS;
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** What Node's HTTP parser refuses before Fastify sees a request. */
function parserError(code: string | undefined): { status: number; body: ErrorBody } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      body: { message: 'The request headers are too large.', code: ErrorCode.badRequest },
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: 408,
      body: { message: 'The request took too long to arrive.', code: ErrorCode.badRequest },
    };
  return {
    status: 400,
    body: { message: 'The request could not be read.', code: ErrorCode.badRequest },
  };
}

/**
 * Fastify's `clientErrorHandler`: a malformed request line, oversized headers or a request that
 * never finished get an answer in the contract's error shape, then the connection closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = parserError(error.code);
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        `Connection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
