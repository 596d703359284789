import path from 'node:path';
import {
  AutoModelForSequenceClassification,
  AutoTokenizer,
  env,
  Tensor,
  type PreTrainedModel,
  type PreTrainedTokenizer,
} from '@xenova/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCrossEncoder } from '../../src/embedders/transformers-cross-encoder.js';
import { UnavailableError } from '../../src/errors.js';
import { closeCrossEncoders } from '../../src/pipeline/cross-encoder-reranker.js';
import type { Hit } from '../../src/ranking/hit.js';
import { Searcher } from '../../src/search/searcher.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { makeTinyCrossEncoder } from '../fixtures/tiny-bert/make-tiny-bert.js';
import { buildTinyIndex } from '../helpers/tiny-index.js';
import { tmpDir } from '../helpers/tmp.js';

const QUERY = 'how do I install harbor and reset the password for the team storage plan';
const SEP = 3; // [SEP]'s id in the fixture vocabulary ([PAD] [UNK] [CLS] [SEP] [MASK])

interface Reference {
  tokenizer: PreTrainedTokenizer;
  model: PreTrainedModel;
}

/** The fixture loaded straight through transformers.js, for scoring one pair at a time. */
async function loadReference(folder: string): Promise<Reference> {
  const saved = {
    localModelPath: env.localModelPath,
    allowRemoteModels: env.allowRemoteModels,
    useFSCache: env.useFSCache,
  };
  Object.assign(env, { localModelPath: path.dirname(folder), allowRemoteModels: false, useFSCache: false });
  try {
    const name = path.basename(folder);
    return {
      tokenizer: await AutoTokenizer.from_pretrained(name),
      model: await AutoModelForSequenceClassification.from_pretrained(name, { quantized: false }),
    };
  } finally {
    Object.assign(env, saved);
  }
}

/** The logits of one (query, passage) pair, run alone (no batch, no padding). */
async function pairLogits({ tokenizer, model }: Reference, query: string, passage: string): Promise<number[]> {
  const out = (await model(tokenizer(query, { text_pair: passage }))) as { logits: Tensor };
  return [...(out.logits.data as Float32Array)];
}

describe('the cross-encoder rerank stage over the tiny-bert sequence-classification fixture', () => {
  const dir = tmpDir('cross-encoder-');
  const oneLabel = path.join(dir, 'models', 'ce-1');
  const twoLabels = path.join(dir, 'models', 'ce-2');
  let searcher: Searcher;
  let ref1: Reference;
  let ref2: Reference;

  beforeAll(async () => {
    await makeTinyCrossEncoder(oneLabel, { seed: 7, maxPositions: 512 });
    await makeTinyCrossEncoder(twoLabels, { seed: 8, maxPositions: 512, labels: 2 });
    ref1 = await loadReference(oneLabel);
    ref2 = await loadReference(twoLabels);
    const { file } = await buildTinyIndex(dir);
    searcher = new Searcher('tiny', file, () => Promise.reject(new Error('no dense leg here')));
  });
  afterAll(async () => {
    searcher.close();
    await closeCrossEncoders();
  });

  /** A hit's passage as the reranker must see it: the document title, a blank line, the chunk. */
  const passage = (hit: Hit) => {
    const c = searcher.reader.chunk(hit.chunkId)!;
    return c.title ? `${c.title}\n\n${c.text}` : c.text;
  };
  const lexical = (k: number) => parsePipeline({ legs: [{ type: 'lexical' }], k });
  const reranked = (k: number, depth: number, model = oneLabel, batch = 2) =>
    parsePipeline({ legs: [{ type: 'lexical' }], k, rerank: { type: 'cross-encoder', model, depth, batch } });
  const retrieve = async (pipeline: ReturnType<typeof parsePipeline>) =>
    searcher.retrieve(await searcher.prepare(pipeline), QUERY, { queryId: 'q1' });

  it('ranks the top depth hits by the logit of each (query, passage) pair scored alone; the hits below depth keep their first-stage order', async () => {
    const first = (await retrieve(lexical(8))).hits;
    expect(first.length).toBe(8);
    const head = first.slice(0, 5);
    const logits = await Promise.all(head.map(async (h) => (await pairLogits(ref1, QUERY, passage(h)))[0]!));
    // Scored one pair at a time: the expected order is by those logits, highest first.
    const expected = head.map((h, i) => ({ id: h.id, logit: logits[i]! })).sort((a, b) => b.logit - a.logit);
    // Distinct enough that float noise from batching cannot swap two of them.
    for (let i = 1; i < expected.length; i++) expect(expected[i - 1]!.logit - expected[i]!.logit).toBeGreaterThan(1e-4);

    const out = await retrieve(reranked(8, 5));
    expect(out.hits.map((h) => h.id)).toEqual([...expected.map((e) => e.id), ...first.slice(5).map((h) => h.id)]);
    // Batched (2 pairs a call, padded) scores equal the single-pair logits.
    out.hits.slice(0, 5).forEach((h, i) => expect(h.score).toBeCloseTo(expected[i]!.logit, 5));
    expect(out.hits.map((h) => h.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(out.firstStage!.map((h) => h.id)).toEqual(first.map((h) => h.id));
    expect(out.timings.rerank).toBeGreaterThan(0);
  });

  it('k below depth: depth hits are reranked, then the list is cut to k', async () => {
    const full = await retrieve(reranked(8, 5));
    const cut = await retrieve(reranked(2, 5));
    expect(cut.hits.map((h) => h.id)).toEqual(full.hits.slice(0, 2).map((h) => h.id));
    // The first stage was asked for max(k, depth) = 5 hits.
    expect(cut.firstStage).toHaveLength(5);
  });

  it('the batch size does not change a score (padding is masked)', async () => {
    const one = await retrieve(reranked(5, 5, oneLabel, 1));
    const all = await retrieve(reranked(5, 5, oneLabel, 5));
    expect(all.hits.map((h) => h.id)).toEqual(one.hits.map((h) => h.id));
    all.hits.forEach((h, i) => expect(h.score).toBeCloseTo(one.hits[i]!.score, 5));
  });

  it('a 2-label head scores log P(relevant) = l1 - log(exp(l0) + exp(l1)), label 1 being "relevant"', async () => {
    const first = (await retrieve(lexical(4))).hits;
    const expected = await Promise.all(
      first.map(async (h) => {
        const [l0, l1] = await pairLogits(ref2, QUERY, passage(h));
        return { id: h.id, score: l1! - Math.log(Math.exp(l0!) + Math.exp(l1!)) };
      }),
    );
    expected.sort((a, b) => b.score - a.score);
    const out = await retrieve(reranked(4, 4, twoLabels));
    expect(out.hits.map((h) => h.id)).toEqual(expected.map((e) => e.id));
    out.hits.forEach((h, i) => {
      expect(h.score).toBeCloseTo(expected[i]!.score, 5);
      expect(h.score).toBeLessThan(0);
    });
  });

  it('a pair longer than the model reads loses the end of its passage but keeps its closing [SEP]', async () => {
    const short = path.join(dir, 'models', 'ce-short');
    await makeTinyCrossEncoder(short, { seed: 9, maxPositions: 16 });
    const ce = await loadCrossEncoder(short, { allowRemote: false, quantized: false });
    expect(ce.maxTokens).toBe(16);
    const long = 'the river runs over the old bridge near the town and the road goes north to the city';
    const [score] = await ce.score('bridge', [long]);
    // [CLS] bridge [SEP] then the passage: the first 15 tokens as tokenized, then [SEP] (type 1).
    const ref = await loadReference(short);
    const enc = ref.tokenizer('bridge', { text_pair: long, return_tensor: false }) as unknown as {
      input_ids: number[];
      token_type_ids: number[];
    };
    expect(enc.input_ids.length).toBeGreaterThan(16);
    const ids = [...enc.input_ids.slice(0, 15), SEP];
    const types = [...enc.token_type_ids.slice(0, 15), 1];
    const tensor = (values: number[]) =>
      new Tensor('int64', BigInt64Array.from(values.map(BigInt)), [1, values.length]);
    const out = (await ref.model({
      input_ids: tensor(ids),
      attention_mask: tensor(ids.map(() => 1)),
      token_type_ids: tensor(types),
    })) as { logits: Tensor };
    expect(score).toBeCloseTo((out.logits.data as Float32Array)[0]!, 5);
    await ce.close();
  });

  it('a model that is not there fails on first use, naming the model and the folder to fill', async () => {
    const missing = path.join(dir, 'models', 'absent');
    const err = await retrieve(reranked(3, 3, missing)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect((err as Error).message).toContain(`transformers model "${missing}" could not be loaded`);
    expect((err as Error).message).toContain(`Put its files in ${missing}/`);
  });
});
