import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Hono } from 'hono';
import { expect } from 'vitest';

/** What a client's requests to /mcp were answered with, in order: the guards' refusals show here. */
export type Statuses = number[];

/**
 * The SDK's own client, connected to `app`'s /mcp over Streamable HTTP, its requests handed to the
 * app in this process (no socket): `headers` go with every request, and each answer's status is
 * pushed to `statuses`. `name` is the client's name in its initialize request.
 */
export async function connectOverHttp(
  app: Hono,
  {
    name = 'test-agent',
    headers = {},
    statuses = [],
  }: { name?: string; headers?: Record<string, string>; statuses?: Statuses } = {},
): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    fetch: async (url, init) => {
      const request = new Request(url, init);
      for (const [key, value] of Object.entries(headers)) request.headers.set(key, value);
      const response = await app.request(request);
      statuses.push(response.status);
      return response;
    },
  });
  await client.connect(transport);
  return client;
}

/** A tool's call, as the SDK client answers it. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A call that must succeed: its structured answer (the failure's text in the message otherwise). */
export async function answerOf<T = Record<string, unknown>>(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<T> {
  const result = await callTool(client, name, args);
  const text = (result.content[0] as { text?: string } | undefined)?.text;
  expect(result.isError, text).toBeFalsy();
  // The text a model reads is the same answer.
  expect(JSON.parse(text!)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

/** A call that must fail: the text a model reads. */
export async function refusalOf(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await callTool(client, name, args);
  expect(result.isError, JSON.stringify(result.structuredContent)).toBe(true);
  return (result.content[0] as { text: string }).text;
}
