import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { closeCrossEncoders } from '../../src/pipeline/cross-encoder-reranker.js';
import { rerankerFor } from '../../src/pipeline/reranker-factory.js';
import { rerankSpec } from '../../src/pipeline/rerank-spec.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { makeTinyCrossEncoder } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { tmpDir } from '../helpers/tmp.js';
import { rerankerContract } from './reranker-contract.js';

/** The reranker a pipeline's rerank block names, settled as every caller settles it. */
const reranker = (rerank: Record<string, unknown>) =>
  rerankerFor(parsePipeline({ legs: [{ type: 'lexical' }], rerank }).rerank!);

// Every reranker type, and every shape of the http one, with the case that runs it.
const COVERED = ['cross-encoder', 'http:cohere', 'http:tei'];

const models = tmpDir('reranker-contract-');
for (const labels of [1, 2] as const) {
  const folder = path.join(models, `ce-${labels}`);
  rerankerContract({
    name: `cross-encoder (tiny BERT, ${labels}-label head)`,
    setUp: () => makeTinyCrossEncoder(folder, { seed: 11 + labels, maxPositions: 128, labels }),
    make: async (depth) => reranker({ type: 'cross-encoder', model: folder, depth, batch: 2 }),
    // Batches are padded to their longest pair; the mask keeps scores equal up to float noise.
    tolerance: 5,
    tearDown: closeCrossEncoders,
  });
}

/**
 * An in-test /rerank server whose relevance is the number of the query's words a passage holds:
 * deterministic and independent of the other passages, as a real cross-encoder's is.
 */
let server: http.Server | undefined;
let base = '';
const overlap = (query: string, text: string) => {
  const words = new Set(query.toLowerCase().match(/\w+/g));
  return (text.toLowerCase().match(/\w+/g) ?? []).filter((w) => words.has(w)).length;
};
const startServer = async () => {
  if (server) return;
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { query: string; documents?: string[]; texts?: string[]; top_n?: number };
      const scored = (body.documents ?? body.texts ?? [])
        .map((t, index) => ({ index, s: overlap(body.query, t) }))
        .sort((a, b) => b.s - a.s || a.index - b.index)
        .slice(0, body.top_n);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(
          req.url === '/tei'
            ? scored.map((r) => ({ index: r.index, score: r.s }))
            : { results: scored.map((r) => ({ index: r.index, relevance_score: r.s })) },
        ),
      );
    });
  });
  await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const stopServer = () => new Promise<void>((done) => (server ? server.close(() => done()) : done()));

for (const shape of ['cohere', 'tei'] as const) {
  rerankerContract({
    name: `http (${shape} shape, against an in-test server)`,
    setUp: startServer,
    make: async (depth) => reranker({ type: 'http', url: `${base}/${shape}`, shape, depth, retries: 0 }),
    tearDown: shape === 'tei' ? stopServer : undefined,
  });
}

interface Option {
  properties: { type: { const: string }; shape?: { enum?: string[] } };
}

describe('the reranker contract', () => {
  it('runs for every reranker type and every shape of the http reranker', () => {
    // Read from the schema's JSON form: each option's type, and the http option's shapes.
    const schema = z.toJSONSchema(rerankSpec, { io: 'input', unrepresentable: 'any' }) as {
      oneOf?: Option[];
      anyOf?: Option[];
    };
    const kinds = (schema.oneOf ?? schema.anyOf ?? []).flatMap(({ properties: p }) =>
      p.shape?.enum ? p.shape.enum.map((s) => `${p.type.const}:${s}`) : [p.type.const],
    );
    expect(kinds.length).toBeGreaterThan(1);
    expect(COVERED.sort()).toEqual(kinds.sort());
  });
});
