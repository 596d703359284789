import { randomUUID } from 'node:crypto';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer } from './create-mcp-server.js';
import type { McpDeps } from './mcp-deps.js';

/** Sessions kept at once; the oldest is closed to make room (a client that comes back initializes again). */
export const DEFAULT_MAX_SESSIONS = 200;

interface Session {
  server: McpServer;
  transport: WebStandardStreamableHTTPServerTransport;
}

/**
 * The MCP servers behind `/mcp` (Streamable HTTP), one per session.
 *
 * Session mode, not stateless: the query log's client_id is the client's name from its
 * `initialize` request, which a stateless server (a fresh one per request) would never see on
 * the later `tools/call` requests; and a session keeps the request's stream to carry an
 * evaluate's progress notifications. A session is opened by an `initialize` POST (the SDK's
 * transport refuses any other request without a session id, 400), answered with its
 * Mcp-Session-Id, and closed by the client's DELETE; at most `maxSessions` are kept.
 */
export class McpHttpSessions {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly deps: McpDeps,
    private readonly maxSessions = DEFAULT_MAX_SESSIONS,
  ) {}

  /** The answer to one request to /mcp; `authInfo` when it carried the server's token. */
  async handle(request: Request, authInfo?: AuthInfo): Promise<Response> {
    const options = authInfo ? { authInfo } : {};
    const id = request.headers.get('mcp-session-id');
    if (id !== null) {
      const session = this.sessions.get(id);
      if (session) return session.transport.handleRequest(request, options);
      // The MCP answer to an unknown (or closed) session: 404, so the client initializes again.
      return Response.json(
        { jsonrpc: '2.0', error: { code: -32001, message: 'Session not found: initialize again' }, id: null },
        { status: 404 },
      );
    }
    const server = createMcpServer(this.deps);
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sessionId) => this.open(sessionId, { server, transport }),
      onsessionclosed: (sessionId) => void this.sessions.delete(sessionId),
    });
    // Set before connect, which chains its own close handling after this one.
    transport.onclose = () => {
      if (transport.sessionId !== undefined) this.sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    const response = await transport.handleRequest(request, options);
    // Not an initialize: refused by the transport, and nothing is kept.
    if (transport.sessionId === undefined) await server.close();
    return response;
  }

  /** Closes every session (the server stopping). */
  async close(): Promise<void> {
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(open.map((s) => s.server.close()));
  }

  get size(): number {
    return this.sessions.size;
  }

  private open(sessionId: string, session: Session): void {
    this.sessions.set(sessionId, session);
    while (this.sessions.size > this.maxSessions) {
      const [oldest, kept] = this.sessions.entries().next().value as [string, Session];
      this.sessions.delete(oldest);
      void kept.server.close();
    }
  }
}
