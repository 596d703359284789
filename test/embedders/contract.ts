import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/embedders/registry.js';
import type { EmbedBatch, Embedder, EmbedRole } from '../../src/embedders/types.js';

/**
 * What every Embedder promises (types.ts), run against each implementation as the retriever
 * contract is run against each retriever. Only known, documented differences are options.
 */
export interface EmbedderSubject {
  name: string;
  /** A fresh embedder; the suite makes one, and closes it at the end. */
  make: () => Promise<Embedder>;
  /**
   * Whether queries and passages are encoded differently (prefixed models such as e5). Symmetric
   * embedders must give identical vectors for both roles; asymmetric ones, different vectors.
   */
  asymmetric: boolean;
  /**
   * Texts the implementation documents as having nothing to encode, which get the all-zero vector
   * instead of a unit one (hash: a text with no letter or digit). Default: none.
   */
  encodesAsZero?: (text: string) => boolean;
  /** A bag of words: the same words in another order give the same vector (hash). */
  orderBlind?: boolean;
  /** Per test and per hook, for slow models. Default: the config's. */
  timeoutMs?: number;
}

const ROLES: EmbedRole[] = ['query', 'passage'];

/** Short, varied texts: different words, different lengths (so batches need padding). */
const TEXTS = [
  'How do I reset my password?',
  'The train to Lyon leaves at noon from platform nine.',
  'Stock markets fell',
  'A recipe for bread needs flour, water, salt and yeast, and a few hours of patience.',
];
const BLANKS = ['', ' ', '\n\t  '];
/** Characters that trip up tokenizers: NUL, a lone surrogate, emoji, RTL script, combining marks, CJK. */
const ODD = ['\u0000', '\ud800 lone surrogate', '🔥🚀', 'مرحبا بالعالم', 'e\u0301\u0301\u0301', '一二三 東京'];
const LONG = longText(20_000);

export function embedderContract(subject: EmbedderSubject): void {
  const timeout = subject.timeoutMs;
  const zero = subject.encodesAsZero ?? (() => false);

  describe(`${subject.name}: embedder contract`, () => {
    let e: Embedder;
    beforeAll(async () => {
      e = await subject.make();
    }, timeout);
    afterAll(async () => {
      await e?.close?.();
    }, timeout);

    const embed = (texts: string[], role: EmbedRole) => e.embed(texts, role);
    const one = async (text: string, role: EmbedRole) => {
      const { vectors } = await embed([text], role);
      expect(vectors).toHaveLength(1);
      return vectors[0]!;
    };

    /** The checks every returned vector passes: Float32Array, `dims` long, finite, unit length (or zero where documented). */
    const expectWellFormed = (batch: EmbedBatch, texts: string[]) => {
      expect(batch.vectors).toHaveLength(texts.length);
      expect(batch.truncated).toHaveLength(texts.length);
      batch.vectors.forEach((v, i) => {
        const text = texts[i]!;
        expect(v, `vector of ${JSON.stringify(text.slice(0, 40))}`).toBeInstanceOf(Float32Array);
        expect(v).toHaveLength(e.dims);
        expect(v.every(Number.isFinite), `finite: ${JSON.stringify(text.slice(0, 40))}`).toBe(true);
        expect(norm(v), `norm of ${JSON.stringify(text.slice(0, 40))}`).toBeCloseTo(zero(text) ? 0 : 1, 5);
      });
    };

    it('declares an id, a positive dims and a positive token limit', () => {
      expect(e.id).toMatch(/\S/);
      expect(Number.isInteger(e.dims) && e.dims > 0).toBe(true);
      expect(Number.isInteger(e.maxTokens) && e.maxTokens > 0).toBe(true);
    });

    it(
      'is reloaded by its id: same id, dims and token limit, and the same vectors',
      async () => {
        // The id is recorded in an index and keys the embedding cache, so it must name the model exactly.
        const again = await createEmbedder(e.id);
        try {
          expect(again).not.toBeNull();
          expect({ id: again!.id, dims: again!.dims, maxTokens: again!.maxTokens }).toEqual({
            id: e.id,
            dims: e.dims,
            maxTokens: e.maxTokens,
          });
          for (const role of ROLES) {
            const [a, b] = await Promise.all([embed(TEXTS.slice(0, 2), role), again!.embed(TEXTS.slice(0, 2), role)]);
            a.vectors.forEach((v, i) => expect(maxAbsDiff(v, b.vectors[i]!)).toBeLessThan(1e-5));
          }
        } finally {
          await again?.close?.();
        }
      },
      timeout,
    );

    it(
      'answers an empty list with empty lists',
      async () => {
        for (const role of ROLES) expect(await embed([], role)).toEqual({ vectors: [], truncated: [] });
      },
      timeout,
    );

    it(
      subject.asymmetric ? 'encodes queries and passages differently' : 'encodes queries and passages alike',
      async () => {
        const q = await embed(TEXTS, 'query');
        const p = await embed(TEXTS, 'passage');
        for (let i = 0; i < TEXTS.length; i++) {
          if (subject.asymmetric) expect(dot(q.vectors[i]!, p.vectors[i]!)).toBeLessThan(0.9999);
          else expect(q.vectors[i]).toEqual(p.vectors[i]);
        }
      },
      timeout,
    );

    describe.each(ROLES)('as %s', (role) => {
      it(
        'gives one well-formed vector per text, none truncated for short texts',
        async () => {
          const batch = await embed(TEXTS, role);
          expectWellFormed(batch, TEXTS);
          expect(batch.truncated).toEqual(TEXTS.map(() => false));
        },
        timeout,
      );

      it(
        'is deterministic: the same text gives the identical vector, across calls and within a batch',
        async () => {
          const text = TEXTS[1]!;
          const first = await one(text, role);
          expect(await one(text, role)).toEqual(first);
          const { vectors } = await embed([text, TEXTS[0]!, text], role);
          expect(maxAbsDiff(vectors[0]!, first)).toBeLessThan(1e-5);
          expect(maxAbsDiff(vectors[2]!, first)).toBeLessThan(1e-5);
        },
        timeout,
      );

      it(
        'gives each text the same vector alone, in a batch, and in the batch reversed',
        async () => {
          const texts = [TEXTS[0]!, '', TEXTS[3]!, TEXTS[2]!, TEXTS[1]!];
          const forward = await embed(texts, role);
          const reversed = await embed([...texts].reverse(), role);
          const n = texts.length;
          for (let i = 0; i < n; i++) {
            const alone = await one(texts[i]!, role);
            expect(maxAbsDiff(forward.vectors[i]!, alone), `text ${i} in the batch`).toBeLessThan(1e-5);
            expect(maxAbsDiff(reversed.vectors[n - 1 - i]!, alone), `text ${i} in the reversed batch`).toBeLessThan(
              1e-5,
            );
          }
          expect(reversed.truncated).toEqual([...forward.truncated].reverse());
        },
        timeout,
      );

      it(
        'gives concurrent calls the vectors of sequential ones',
        async () => {
          const calls = [[TEXTS[0]!, TEXTS[1]!], [TEXTS[2]!], [TEXTS[3]!, TEXTS[0]!]];
          const together = await Promise.all(calls.map((texts) => embed(texts, role)));
          for (const [c, texts] of calls.entries()) {
            const alone = await embed(texts, role);
            alone.vectors.forEach((v, i) => expect(maxAbsDiff(together[c]!.vectors[i]!, v)).toBeLessThan(1e-5));
          }
        },
        timeout,
      );

      it(
        `encodes empty and whitespace texts without error, alone and in a batch${subject.encodesAsZero ? ' (as documented: zero when nothing to encode)' : ''}`,
        async () => {
          const batch = await embed(BLANKS, role);
          expectWellFormed(batch, BLANKS);
          expect(batch.truncated).toEqual(BLANKS.map(() => false));
          for (const text of BLANKS) expectWellFormed(await embed([text], role), [text]);
        },
        timeout,
      );

      it(
        'encodes odd characters (NUL, lone surrogate, emoji, RTL, combining marks, CJK) without error',
        async () => {
          expectWellFormed(await embed(ODD, role), ODD);
        },
        timeout,
      );

      it(
        'encodes a 20,000-character text, flagging it truncated when it exceeds the token limit',
        async () => {
          const batch = await embed([LONG.text, TEXTS[0]!], role);
          expectWellFormed(batch, [LONG.text, TEXTS[0]!]);
          // Every word is at least one token; no tokenizer makes more than one token per character
          // plus a few special ones. Between the two bounds the flag is not known from here. Under
          // a limit the embedder only assumes (maxTokensAssumed) no cut is claimed at all.
          if (e.maxTokensAssumed) expect(batch.truncated).toEqual([false, false]);
          else if (e.maxTokens < LONG.words) expect(batch.truncated).toEqual([true, false]);
          if (e.maxTokens > 2 * LONG.text.length) expect(batch.truncated).toEqual([false, false]);
        },
        timeout,
      );

      it(
        'gives distinct texts distinct vectors',
        async () => {
          const texts = [...TEXTS, LONG.text, 'password'];
          const { vectors } = await embed(texts, role);
          for (let i = 0; i < texts.length; i++) {
            for (let j = i + 1; j < texts.length; j++)
              expect(dot(vectors[i]!, vectors[j]!), `texts ${i} and ${j}`).toBeLessThan(0.9999);
          }
        },
        timeout,
      );

      it(
        subject.orderBlind ? 'ignores word order (a bag of words)' : 'tells word orders apart',
        async () => {
          const [a, b] = (await embed(['the dog bit the man', 'the man bit the dog'], role)).vectors;
          if (subject.orderBlind) expect(a).toEqual(b);
          else expect(dot(a!, b!)).toBeLessThan(0.9999);
        },
        timeout,
      );
    });
  });
}

/** About `chars` characters of spaced English prose, and how many words it holds. */
function longText(chars: number): { text: string; words: number } {
  const words = 'retrieval ranks passages by how well they match a query and dense encoders map text to vectors'.split(
    ' ',
  );
  const out: string[] = [];
  let length = -1;
  for (let i = 0; length + 1 + words[i % words.length]!.length <= chars; i++) {
    const w = words[i % words.length]!;
    out.push(w);
    length += 1 + w.length;
  }
  return { text: out.join(' '), words: out.length };
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

function norm(a: Float32Array): number {
  return Math.sqrt(dot(a, a));
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}
