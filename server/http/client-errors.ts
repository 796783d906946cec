import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser rejects before Fastify sees them (a request line or headers over the
 * limit, a malformed request) still get an answer in the API's envelope.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    success: false,
    error: tooLarge
      ? { code: 'HEADERS_TOO_LARGE', message: 'The request line or headers are too large' }
      : { code: 'BAD_REQUEST', message: 'Malformed HTTP request' },
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
