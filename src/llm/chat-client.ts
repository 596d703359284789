import { RemoteClient, shownEndpoint } from '../remote/remote-client.js';
import { RemoteError } from '../remote/remote-error.js';
import { readChatContent } from './chat-response.js';
import { BYTES_PER_MB } from '../remote/read-capped.js';
import { CHAT_ENV, chatKeyHint, type ChatSettings } from './chat-settings.js';
import type { ChatSpec } from './chat-spec.js';

/** One question to a chat model and how to ask it. */
export interface ChatAsk {
  /** Sent as the one user message. */
  prompt: string;
  /** Sent as `seed`: servers that support it (OpenAI, vLLM, llama.cpp, Ollama) then answer alike run to run. */
  seed: number;
  /** What the question is about (`document d12`), for errors. */
  about?: string;
}

export interface ChatClient {
  readonly model: string;
  /** `POST <url>`, as errors and summaries show it. */
  readonly endpoint: string;
  /** Requests it keeps in flight at most: a caller that queues its own work sizes its workers by it. */
  readonly concurrency: number;
  /** The answer's text; a RemoteError (the key cut out) when the endpoint fails or answers no text. */
  ask(ask: ChatAsk): Promise<string>;
}

/**
 * A client for any OpenAI-compatible `POST .../chat/completions` (llama.cpp server, vLLM,
 * Ollama, OpenAI), built on RemoteClient so timeouts, retries on 429/5xx with Retry-After,
 * the limit on requests in flight and `${env:NAME}` keys work as for every other remote call.
 * Temperature is 0 and a seed is sent, so a generated gold set can be made again: the closest
 * to reproducible a served model gets. The key is read from its variable per request and only
 * ever travels in the Authorization header; a server's error body that quotes it has it cut out.
 */
export function createChatClient(
  spec: ChatSpec,
  settings: ChatSettings,
  sleep?: (ms: number) => Promise<void>,
): ChatClient {
  const endpoint = shownEndpoint('POST', spec.url);
  const client = new RemoteClient(
    {
      headers: settings.keyVariable ? { Authorization: `Bearer \${env:${settings.keyVariable}}` } : {},
      timeoutMs: settings.timeoutMs,
      retries: settings.retries,
      backoffMs: settings.backoffMs,
      concurrency: settings.concurrency,
      maxResponseBytes: settings.maxResponseMb * BYTES_PER_MB,
      tooLargeHint: `a chat answer is a few hundred bytes: check that the URL is a chat completions endpoint, or raise ${CHAT_ENV.maxResponseMb}`,
      // The client cuts the key out of any error and, on a 401/403 with a key sent, names its
      // variable; without one, this says how to send it.
      ...(!settings.keyVariable && { noCredentialsHint: chatKeyHint(spec.baseUrl) }),
    },
    sleep,
  );
  return {
    model: spec.model,
    endpoint,
    concurrency: settings.concurrency,
    async ask({ prompt, seed, about }) {
      const caller = { what: `chat ${spec.model}${about ? ` (${about})` : ''}` };
      const res = await client.request({
        method: 'POST',
        url: spec.url,
        json: { model: spec.model, messages: [{ role: 'user', content: prompt }], temperature: 0, seed },
        caller,
      });
      const read = readChatContent(res.body);
      if ('problem' in read) throw new RemoteError(caller, endpoint, read.problem, res.status);
      return read.content;
    },
  };
}
