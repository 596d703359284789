import { joinUrl } from '../remote/base-url.js';
import { BYTES_PER_MB } from '../remote/read-capped.js';
import { RemoteClient, shownEndpoint } from '../remote/remote-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { normalize } from './hash.js';
import { prefixesFor } from './model-prefixes.js';
import { readEmbeddings } from './openai-response.js';
import { keyHeaderRecord } from './azure-openai.js';
import { noKeyHint, openAISettings, TOO_LARGE_HINT } from './openai-settings.js';
import { modelFamilyName, parseOpenAISpec } from './openai-spec.js';
import { requestBatches } from './request-batches.js';
import { moreWordsThan } from './token-limit.js';
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
 * everything; a zero vector the server sends for a text it was sent is an error quoting the
 * text (in a query set, the query's failure under its id), never a silent 0 for every
 * document. The server does not say whether it cut a text, so `truncated` is set only when that
 * is certain: the model's limit is known (published, or TESTBED_OPENAI_MAX_TOKENS) and the text
 * has more words than it (token-limit.ts); under the 512 guessed for an unknown model the
 * embedder says its limit is assumed instead (maxTokensAssumed). The embedder id is the spec: it holds no key, which only ever travels in the
 * Authorization header (or Azure OpenAI's api-key header: azure-openai.ts).
 */
export async function createOpenAIEmbedder(arg: string | undefined): Promise<Embedder> {
  const spec = parseOpenAISpec(arg);
  const settings = openAISettings(spec.model, spec.baseUrl);
  const url = joinUrl(spec.baseUrl, '/embeddings');
  const endpoint = shownEndpoint('POST', url);
  const caller = { what: `embedder ${spec.id}` };
  const client = new RemoteClient({
    // Resolved by the client per request (secrets.ts), so the key is never held here.
    headers: settings.keyVariable ? keyHeaderRecord(settings.keyHeader, settings.keyVariable) : {},
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    backoffMs: settings.backoffMs,
    concurrency: settings.concurrency,
    maxResponseBytes: settings.maxResponseMb * BYTES_PER_MB,
    tooLargeHint: TOO_LARGE_HINT,
    // With a key sent, a 401/403 names its variable (the client's own hint); without, why none was.
    ...(!settings.keyVariable && { noCredentialsHint: noKeyHint(spec.baseUrl) }),
    ...(settings.tls && { tls: { ...settings.tls, what: caller.what } }),
  });

  /** One request: the raw vectors of `input`, in its order. */
  const call = async (input: string[]): Promise<{ vectors: number[][]; status: number }> => {
    // The client cuts the key out of what a server echoes (a body quoting the Authorization header).
    const res = await client.request({
      method: 'POST',
      url,
      json: { model: spec.model, input, ...(spec.dimensions !== undefined && { dimensions: spec.dimensions }) },
      caller,
    });
    const read = readEmbeddings(res.body, input.length);
    if ('problem' in read) throw new RemoteError(caller, endpoint, read.problem, res.status);
    const zero = read.vectors.findIndex((v) => v.every((x) => x === 0));
    if (zero >= 0)
      throw new RemoteError(
        caller,
        endpoint,
        `input ${zero} of ${input.length} (${textExcerpt(input[zero]!)}) got an all-zero vector: it would score 0 against everything, so the server did not embed it`,
        res.status,
      );
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
    ...(!settings.maxTokensKnown && { maxTokensAssumed: true }),
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
      // Cut for certain only under a known limit: a server that accepted a longer text cut it.
      return {
        vectors,
        truncated: inputs.map((t) => settings.maxTokensKnown && moreWordsThan(t, settings.maxTokens)),
      };
    },
  };
}

/** The most of a text an error quotes, so a document or query is recognisable without pasting it whole. */
const QUOTED_CHARS = 80;

function textExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > QUOTED_CHARS ? `${flat.slice(0, QUOTED_CHARS)}…` : flat);
}
