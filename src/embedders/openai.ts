import { RemoteClient, shownEndpoint, type RemoteResponse } from '../remote/remote-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { normalize } from './hash.js';
import { prefixesFor } from './model-prefixes.js';
import { readEmbeddings } from './openai-response.js';
import { keyHeaderRecord } from './azure-openai.js';
import { keyHint, openAISettings } from './openai-settings.js';
import { modelFamilyName, parseOpenAISpec } from './openai-spec.js';
import { requestBatches } from './request-batches.js';
import type { EmbedBatch, Embedder, EmbedRole } from './types.js';

/** Sent once when the embedder is made: its answer fixes `dims` and proves the endpoint works. */
const PROBE_TEXT = 'dims probe';

/**
 * An embedder behind an OpenAI-compatible `POST <base-url>/embeddings` (OpenAI itself, and
 * text-embeddings-inference, vLLM, Ollama, LM Studio and most gateways), spec
 * `openai:<model>@<base-url>[?api-version=V][#dimensions=N]`. Texts go in batches, several requests in flight,
 * through RemoteClient (timeout, retries on 429/5xx, concurrency limit); settings from the
 * TESTBED_OPENAI_* variables (openai-settings.ts). Vectors are L2-normalised here: OpenAI's are
 * unit length already, other servers' need not be. A text with nothing but whitespace is not
 * sent (OpenAI refuses an empty input) and gets the zero vector, which scores 0 against
 * everything. The embedder id is the spec: it holds no key, which only ever travels in the
 * Authorization header (or Azure OpenAI's api-key header: azure-openai.ts).
 */
export async function createOpenAIEmbedder(arg: string | undefined): Promise<Embedder> {
  const spec = parseOpenAISpec(arg);
  const settings = openAISettings(spec.model, spec.baseUrl);
  const url = `${spec.baseUrl}/embeddings${spec.apiVersion !== undefined ? `?api-version=${spec.apiVersion}` : ''}`;
  const endpoint = shownEndpoint('POST', url);
  const caller = { what: `embedder ${spec.id}` };
  const client = new RemoteClient({
    // Resolved by the client per request (secrets.ts), so the key is never held here.
    headers: settings.keyVariable ? keyHeaderRecord(settings.keyHeader, settings.keyVariable) : {},
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    concurrency: settings.concurrency,
    ...(settings.tls && { tls: { ...settings.tls, what: caller.what } }),
  });

  /** One request: the raw vectors of `input`, in its order. */
  const call = async (input: string[]): Promise<{ vectors: number[][]; status: number }> => {
    let res: RemoteResponse;
    try {
      res = await client.request({
        method: 'POST',
        url,
        json: { model: spec.model, input, ...(spec.dimensions !== undefined && { dimensions: spec.dimensions }) },
        caller,
      });
    } catch (err) {
      throw err instanceof RemoteError ? withoutKey(err, settings.keyVariable, keyHint(settings, spec.baseUrl)) : err;
    }
    const read = readEmbeddings(res.body, input.length);
    if ('problem' in read) throw new RemoteError(caller, endpoint, read.problem, res.status);
    return { vectors: read.vectors, status: res.status };
  };

  const probe = await call([PROBE_TEXT]);
  const dims = probe.vectors[0]!.length;
  if (spec.dimensions !== undefined && dims !== spec.dimensions) {
    throw new RemoteError(
      caller,
      endpoint,
      `asked for dimensions=${spec.dimensions}, the vector has ${dims} numbers: this server or model ignores "dimensions"`,
      probe.status,
    );
  }

  const prefixes = prefixesFor(modelFamilyName(spec.model));
  return {
    id: spec.id,
    dims,
    maxTokens: settings.maxTokens,
    async embed(texts: string[], role: EmbedRole): Promise<EmbedBatch> {
      const inputs = texts.map((t) => prefixes[role] + t);
      const vectors: Float32Array[] = inputs.map(() => new Float32Array(dims));
      const sent = inputs.flatMap((t, i) => (t.trim() === '' ? [] : [i]));
      const batches = requestBatches(
        sent.map((i) => inputs[i]!.length),
        settings.batch,
        settings.maxChars,
      );
      await Promise.all(
        batches.map(async (batch) => {
          const positions = batch.map((j) => sent[j]!);
          const answer = await call(positions.map((i) => inputs[i]!));
          answer.vectors.forEach((v, j) => {
            if (v.length !== dims) {
              throw new RemoteError(
                caller,
                endpoint,
                `input ${j} of ${positions.length} got a vector of ${v.length} numbers, but this embedder's vectors have ${dims} (the length of its first answer)`,
                answer.status,
              );
            }
            vectors[positions[j]!] = normalize(Float32Array.from(v));
          });
        }),
      );
      return { vectors, truncated: inputs.map((t) => longerThan(t, settings.maxTokens)) };
    },
  };
}

/**
 * The server does not say whether it cut a text, so `truncated` is set only when it is certain:
 * no tokenizer puts letters of two whitespace-separated words into one token, so a text with
 * more such words than the model's limit was longer than the limit. Otherwise false.
 */
function longerThan(text: string, maxTokens: number): boolean {
  let words = 0;
  for (const [piece] of text.matchAll(/\S+/g)) if (/[\p{L}\p{N}]/u.test(piece) && ++words > maxTokens) return true;
  return false;
}

/**
 * A server's error body may quote what it was sent, the Authorization header included; the key
 * is cut out of the message before it reaches a report or a log. A 401/403 says which
 * variable the key came from, or why none was sent.
 */
function withoutKey(err: RemoteError, keyVariable: string | undefined, hint: string): RemoteError {
  const key = keyVariable ? process.env[keyVariable] : undefined;
  let problem = key ? err.problem.split(key).join('(key)') : err.problem;
  if (err.httpStatus === 401 || err.httpStatus === 403) problem += ` (${hint})`;
  return problem === err.problem ? err : new RemoteError(err.caller, err.endpoint, problem, err.httpStatus);
}
