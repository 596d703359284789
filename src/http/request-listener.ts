import { getRequestListener, RequestError } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorBody } from './errors.js';
import { canonicalHostHeader } from './guards/host-check.js';

type Fetch = (req: Request) => Response | Promise<Response>;

/**
 * The Node request listener of a testbed server: hono's adapter, with the Host header made
 * canonical first and its refusals written as JSON. The adapter checks that the URL it builds
 * from Host names the same host, byte for byte, so `LOCALHOST:8787` or `[0:0:0:0:0:0:0:1]`
 * (names a client may well send: host names are case-insensitive, an IPv6 address has many
 * spellings) got a bare 400; made canonical, they reach the app's host check, which compares
 * names. A Host that is not `name[:port]` or `[v6][:port]` at all (userinfo, a path) is a JSON
 * 400 here, as every other refusal of the server is JSON.
 */
export function requestListener(fetch: Fetch, hostname: string) {
  const adapter = getRequestListener(fetch, {
    hostname,
    errorHandler: (err) =>
      err instanceof RequestError
        ? refusal(400, 'bad_request', `malformed request: ${err.message}`)
        : refusal(500, 'internal', 'internal error'),
  });
  return (req: IncomingMessage, res: ServerResponse): Promise<void> | void => {
    const host = req.headers.host;
    if (host !== undefined) {
      const canonical = canonicalHostHeader(host);
      if (canonical === undefined)
        return answer(
          res,
          refusal(
            400,
            'bad_request',
            `the Host header ${JSON.stringify(host.slice(0, 100))} is not a host name with an optional port`,
          ),
        );
      req.headers.host = canonical;
    }
    return adapter(req, res);
  };
}

function refusal(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ error: { code, message } } satisfies ErrorBody), {
    status,
    headers: { 'Content-Type': 'application/json', Connection: 'close' },
  });
}

async function answer(res: ServerResponse, response: Response): Promise<void> {
  const body = await response.text();
  res.writeHead(response.status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  res.end(body);
}
