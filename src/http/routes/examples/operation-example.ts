/**
 * What one operation's example is: values for its parameters, its request body, and the answer
 * to it. Each is written into the document where OpenAPI 3.1 keeps examples (a parameter's
 * `example`, a media type's `example`), so Swagger UI fills its forms with them and a generated
 * client's docs show them. test/http/openapi-operations.test.ts validates every one against the
 * schema beside it: an example cannot drift from what the API takes and answers.
 */
export interface OperationExample {
  /** Parameter name -> value, typed as the parameter's schema types it (k: 5, not "5"). */
  parameters?: Record<string, unknown>;
  /** The JSON request body. */
  requestBody?: unknown;
  /** The success answer: its status, its media type (application/json unless said), its body. */
  response: { status: string; mediaType?: string; value: unknown };
}

type Json = Record<string, unknown>;
export type Operation = Json & {
  parameters?: Json[];
  requestBody?: { content: Record<string, Json> };
  responses: Record<string, { content?: Record<string, Json> }>;
};

/**
 * `op` with `example` written beside the schemas it exemplifies. Parameters, bodies and answers
 * are shared between operations in document.ts, so each is copied before it is written to.
 */
export function withExample(op: Operation, example: OperationExample | undefined): Operation {
  if (!example) return op;
  const parameters = op.parameters?.map((p) =>
    example.parameters && String(p.name) in example.parameters
      ? { ...p, example: example.parameters[String(p.name)] }
      : p,
  );
  const requestBody =
    op.requestBody && example.requestBody !== undefined
      ? {
          ...op.requestBody,
          content: withMediaExample(op.requestBody.content, 'application/json', example.requestBody),
        }
      : op.requestBody;
  const { status, mediaType = 'application/json', value } = example.response;
  const answer = op.responses[status];
  if (!answer?.content?.[mediaType]) {
    throw new Error(`example answer ${status} ${mediaType} is not one the operation ${String(op.operationId)} has`);
  }
  return {
    ...op,
    ...(parameters ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      ...op.responses,
      [status]: { ...answer, content: withMediaExample(answer.content, mediaType, value) },
    },
  };
}

function withMediaExample(content: Record<string, Json>, mediaType: string, value: unknown): Record<string, Json> {
  return { ...content, [mediaType]: { ...content[mediaType], example: value } };
}
