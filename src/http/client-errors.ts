import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorBody } from './errors.js';

/** What Node's HTTP parser reports, by error code, as the status and error code we answer. */
const ANSWERS: Record<string, [number, string, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'too_large',
    'the request line and headers are over the server limit (a query that long belongs in a POST body, which is limited too)',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'timeout', 'the request was not received in time'],
};

/**
 * Requests that Node's HTTP parser rejects before the app sees them (a URL over the header
 * limit, a garbage request line, a malformed header) get the same JSON `{error: {code, message}}`
 * body as every other refusal, instead of Node's bare status line. The connection is closed
 * after the answer: the parser cannot be trusted to find the next request.
 */
export function answerClientErrors(server: Pick<Server, 'on'>): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // The client went away, or an answer is already on the wire: nothing useful can be sent.
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, reason, code, message] = ANSWERS[err.code ?? ''] ?? [
      400,
      'Bad Request',
      'bad_request',
      'malformed HTTP request',
    ];
    const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
