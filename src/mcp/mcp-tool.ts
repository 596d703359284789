import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod/v4';
import { zodInputError } from '../pipeline/resolve-pipeline.js';
import type { McpDeps, ToolExtra } from './mcp-deps.js';

/** What every tool of one server shares: the served folders and indexes, and who the client is. */
export interface ToolContext {
  deps: McpDeps;
  /** The client's name from its `initialize` request (undefined before it, or when it sent none). */
  clientName(): string | undefined;
}

/**
 * One tool: its name and description, the zod schema its arguments are checked against (tools/list
 * shows the JSON Schema generated from it at each listing: register-tools.ts), and what it does.
 * `run` gets the arguments as sent and checks them itself (parseArguments, or the HTTP API's own
 * parser for a search), so a refusal names the argument as the HTTP API names the parameter.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  annotations?: ToolAnnotations;
  run(args: Record<string, unknown>, extra: ToolExtra): Promise<Record<string, unknown>>;
}

/** `args` checked against `schema`: its output, or an InputError naming the first argument at fault. */
export function parseArguments<S extends z.ZodType>(schema: S, args: Record<string, unknown>): z.output<S> {
  const parsed = schema.safeParse(args);
  if (!parsed.success) throw zodInputError(parsed.error, {}, args);
  return parsed.data;
}
