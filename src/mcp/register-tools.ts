import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v4';
import { requestJsonSchema } from '../schemas/json-schema.js';
import type { McpTool } from './mcp-tool.js';
import { toolAnswer, toolError } from './tool-result.js';

/** The SDK's own check lets every object through: each tool checks its arguments itself (McpTool.run). */
const ANY_ARGUMENTS = z.looseObject({});

/**
 * Registers `tools` on `server` and answers tools/list with each one's JSON Schema generated
 * from its zod schema when the list is asked for, by the generator the OpenAPI document uses
 * (schemas/json-schema.ts). The SDK's own listing would convert the zod schema once more, without
 * what that generator knows: a pipeline's legs are checked against the leg types registered at
 * the time (current-schema.ts), which zod alone writes as `{}`. So a leg type registered at run
 * time appears in the search tool's schema, fields and all, with no change here.
 */
export function registerTools(server: McpServer, tools: readonly McpTool[], scrub?: (message: string) => string): void {
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: ANY_ARGUMENTS,
        ...(tool.annotations && { annotations: tool.annotations }),
      },
      async (args, extra) => {
        try {
          return toolAnswer(await tool.run(args as Record<string, unknown>, extra));
        } catch (err) {
          return toolError(err, scrub);
        }
      },
    );
  }
  // Replaces the listing registerTool installed (Protocol.setRequestHandler keeps the last handler).
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: requestJsonSchema(tool.input) as { type: 'object'; [key: string]: unknown },
      ...(tool.annotations && { annotations: tool.annotations }),
    })),
  }));
}
