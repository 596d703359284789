import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { parseSearchSpec } from '../../src/pipeline/search-spec.js';

const legs = [{ type: 'lexical' }];
const fails = (rerank: unknown): InputError => {
  try {
    parsePipeline({ legs, rerank }, { file: 'x.yaml', line: 4 });
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an InputError');
};

describe('the rerank field of a pipeline', () => {
  it('settles the defaults: depth 100, 16 pairs a batch, the quantized model, named by its type; cohere shape with top_n = depth', () => {
    expect(
      parsePipeline({ legs, rerank: { type: 'cross-encoder', model: 'Xenova/ms-marco-MiniLM-L-6-v2' } }).rerank,
    ).toEqual({
      type: 'cross-encoder',
      name: 'cross-encoder',
      model: 'Xenova/ms-marco-MiniLM-L-6-v2',
      depth: 100,
      batch: 16,
      quantized: true,
    });
    expect(
      parsePipeline({ legs, rerank: { type: 'http', url: 'http://tei:8080/rerank', depth: 40, timeout_ms: 5000 } })
        .rerank,
    ).toEqual({
      type: 'http',
      name: 'http',
      url: 'http://tei:8080/rerank',
      depth: 40,
      topN: 40,
      shape: 'cohere',
      timeoutMs: 5000,
    });
    expect(parsePipeline({ legs }).rerank).toBeUndefined();
  });

  it('arrives as JSON text on a query string like legs and fusion', () => {
    const { pipeline } = parseSearchSpec({
      legs: '[{"type":"lexical"}]',
      rerank: '{"type":"http","url":"http://h/rerank","shape":"tei","depth":7}',
    });
    expect(pipeline.rerank).toMatchObject({ type: 'http', shape: 'tei', depth: 7 });
  });

  it('refuses what cannot run, naming the file, line and field', () => {
    expect(fails({ type: 'cross-encoder', model: 'm', depth: 1001 }).message).toMatch(
      /^x\.yaml:4 \(field "rerank\.depth"\)/,
    );
    expect(fails({ type: 'cross-encoder' }).message).toContain('(field "rerank.model")');
    expect(fails({ type: 'http', url: 'http://h', depth: 10, top_n: 11 }).message).toContain(
      '(field "rerank.top_n"): top_n 11 is more than depth 10',
    );
    expect(fails({ type: 'http', url: 'http://h', shape: 'tei', top_n: 5 }).message).toContain(
      'the tei shape always scores every text',
    );
    expect(fails({ type: 'http', url: 'http://h', topn: 5 }).message).toContain('unknown parameter "topn"');
    expect(fails({ type: 'colbert', model: 'm' }).message).toContain('(field "rerank.type")');
  });
});
