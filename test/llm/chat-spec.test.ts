import { describe, expect, it } from 'vitest';
import { parseChatSpec } from '../../src/llm/chat-spec.js';

describe('parseChatSpec', () => {
  it.each([
    // A server root gets /v1/chat/completions (Ollama, llama.cpp, vLLM).
    ['qwen2.5:7b@http://127.0.0.1:11434', 'qwen2.5:7b', 'http://127.0.0.1:11434/v1/chat/completions'],
    ['qwen2.5:7b@http://127.0.0.1:11434/', 'qwen2.5:7b', 'http://127.0.0.1:11434/v1/chat/completions'],
    // A /v1 base, as OpenAI documents it and as the openai embedder's spec takes it.
    ['gpt-4o-mini@https://api.openai.com/v1', 'gpt-4o-mini', 'https://api.openai.com/v1/chat/completions'],
    // The endpoint itself.
    ['m@http://gw:8000/llm/v1/chat/completions', 'm', 'http://gw:8000/llm/v1/chat/completions'],
    // Model names with / and @ before the URL.
    ['Qwen/Qwen2.5-7B-Instruct@http://gpu:8000', 'Qwen/Qwen2.5-7B-Instruct', 'http://gpu:8000/v1/chat/completions'],
    ['org@team/model@http://gpu:8000', 'org@team/model', 'http://gpu:8000/v1/chat/completions'],
  ])('%s calls %s at %s', (arg, model, url) => {
    expect(parseChatSpec(arg)).toMatchObject({ model, url });
  });

  it.each([
    [undefined, /needs a model and a URL/],
    ['qwen2.5:7b', /needs a model and a URL/],
    ['@http://127.0.0.1:1', /the model before "@" must be a name without spaces/],
    ['my model@http://127.0.0.1:1', /without spaces/],
    ['m@http://user:secret@127.0.0.1:1', /must not hold credentials/],
    ['m@http://127.0.0.1:1/?key=abc', /must not have a query string/],
    ['m@http://', /is not an absolute URL/],
  ])('refuses %s', (arg, message) => {
    expect(() => parseChatSpec(arg)).toThrow(message);
  });
});
