import { describe, expect, it } from 'vitest';
import { isEnglishOnlyEncoder } from '../../src/embedders/english-only.js';

describe('isEnglishOnlyEncoder', () => {
  it('recognises use-lite and the English-only sentence-transformers families', () => {
    for (const id of [
      'use-lite',
      'transformers:Xenova/all-MiniLM-L6-v2',
      'transformers:sentence-transformers/all-MiniLM-L12-v2',
      'transformers:Xenova/all-mpnet-base-v2',
      'transformers:Xenova/bge-small-en-v1.5',
      'transformers:BAAI/bge-large-en',
      'transformers:intfloat/e5-small-v2',
      'transformers:intfloat/e5-base',
      'transformers:thenlper/gte-small',
      'transformers:Alibaba-NLP/gte-base-en-v1.5',
      // A local folder: only its last segment names the model.
      'transformers:/models/Xenova/all-MiniLM-L6-v2',
      // Served models, by the name the server knows them by (an Ollama tag aside).
      'openai:BAAI/bge-small-en-v1.5@http://127.0.0.1:8080/v1',
      'openai:all-minilm:latest@http://localhost:11434/v1',
    ]) {
      expect(isEnglishOnlyEncoder(id), id).toBe(true);
    }
  });

  it('does not flag multilingual models, test embedders or unknown models', () => {
    for (const id of [
      'transformers:Xenova/multilingual-e5-small',
      'transformers:intfloat/multilingual-e5-large',
      'transformers:Xenova/paraphrase-multilingual-MiniLM-L12-v2',
      'transformers:Xenova/LaBSE',
      'transformers:Xenova/bge-m3',
      'transformers:Alibaba-NLP/gte-multilingual-base',
      'transformers:Xenova/bge-small-zh-v1.5',
      // The folder is called e5-runs, the model is not e5.
      'transformers:/data/e5-runs/some-model',
      'hash:64',
      'hash',
      'openai:bge-m3@http://127.0.0.1:8080/v1',
      'openai:text-embedding-3-small@https://api.openai.com/v1',
      // The host is not the model.
      'openai:multilingual-e5-large@http://all-minilm.internal/v1',
    ]) {
      expect(isEnglishOnlyEncoder(id), id).toBe(false);
    }
  });
});
