import type { Socket } from 'node:net';
import type { ErrorCode } from '../../common/api/error-codes.js';

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (a request line or headers over the
 * limit, a malformed request) still get an answer in the API's envelope.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, reason, code, message } = describe(error.code);
  const body = JSON.stringify({ success: false, error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  // A client that stalls on purpose may not read the answer either: its socket is not kept waiting for it.
  socket.destroySoon();
}

function describe(errorCode: string | undefined): {
  status: number;
  reason: string;
  code: ErrorCode;
  message: string;
} {
  switch (errorCode) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'HEADERS_TOO_LARGE',
        message: 'The request line or headers are too large',
      };
    // The headers or the body did not arrive within REQUEST_HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS.
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive',
      };
    default:
      return { status: 400, reason: 'Bad Request', code: 'BAD_REQUEST', message: 'Malformed HTTP request' };
  }
}
