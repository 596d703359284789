import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHashEmbedder } from '../../src/embedders/hash.js';
import { InputError } from '../../src/errors.js';
import { buildIndex } from '../../src/indexing/build-index.js';
import { expandsQuery } from '../../src/legs/leg-traits.js';
import type { Leg } from '../../src/legs/registry.js';
import { compareHits } from '../../src/ranking/rank.js';
import type { Hit, Level } from '../../src/retrievers/types.js';
import { Searcher } from '../../src/search/searcher.js';
import type { FilterSpec } from '../../src/schemas/filter-spec.js';
import { parsePipeline, type Pipeline, type PipelineInput } from '../../src/pipeline/resolve-pipeline.js';
import { IndexReader } from '../../src/store/index-reader.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';
import { type FakeAnswer, type SeenRequest, startFakeEngine } from './helpers/fake-engine.js';
import { buildFilterIndex, CHUNK_COUNT, chunksOf } from '../store/filter-fixture.js';

/**
 * The contract every leg type keeps as a pipeline builds it: parsed with parsePipeline, its
 * legs made by the Searcher's LegFactory over a real index, run by Searcher.retrieve. One suite,
 * run for every registered leg type and fusions of them (leg-subjects.ts).
 *
 * Two indexes:
 * - `meta`: test/store/filter-fixture.ts (seven documents with metadata, every chunk says
 *   "password", hash:64 vectors), where filters are checked against hand-written passing lists;
 * - `langs`: four short documents in German, English and French on the multilingual tokenizer,
 *   where the query language picks the stemmer ("installiere" is the German form of
 *   "Installieren": German Snowball takes both to installi, English Porter2 the query to
 *   installier, which no document holds).
 */

export type LegInput = PipelineInput['legs'][number];

/** One index of the world, as a subject's legs see it. */
export interface LegSide {
  searcher: Searcher;
  /** The index's run file. */
  runFile: string;
  /** Where the fake engines serve this index's chunks (see lengthRankingEngines). */
  remote: string;
}

export interface LegSubject {
  name: string;
  /** The pipeline's legs over one index. More than one leg: fused (RRF by default). */
  legs: (side: LegSide) => LegInput[];
  /**
   * Hand-derived: the documents returned for {@link QUERY} (query id {@link QID}) on `meta` with
   * a large k. `inOrder`: `docs` is the exact ranking. Absent (a leg type registered with no
   * facts written for it): the contract's other promises are checked against its own answer.
   */
  password?: { docs: readonly string[]; inOrder?: boolean };
  /** The run leg's name, if the pipeline has one: then document level only, and a query id is required. */
  runLeg?: string;
  /** Names of the lexical legs: those the query language must reach. */
  lexicalLegs: readonly string[];
}

export interface LegWorld {
  meta: LegSide;
  langs: LegSide;
  close(): Promise<void>;
}

/** The contract's query on `meta`, and its id in the run file. */
export const QUERY = 'password';
export const QID = 'q1';
/** Every document of `meta`. */
export const ALL_DOCS = Object.keys(CHUNK_COUNT);

/**
 * The run for {@link QID}: d7 is left out, and two pairs tie (d1/d6 at 7, d2/d5 at 3). The rank
 * column is written wrong on purpose: like trec_eval, the reader orders by score, ties by id
 * descending, so the leg ranks d3, d6, d1, d4, d5, d2.
 */
const META_RUN = [
  'q1 Q0 d1 1 7 t',
  'q1 Q0 d2 2 3 t',
  'q1 Q0 d3 3 9.5 t',
  'q1 Q0 d4 4 5 t',
  'q1 Q0 d5 5 3 t',
  'q1 Q0 d6 6 7 t',
  'q2 Q0 d7 1 1 t',
];
export const RUN_ORDER = ['d3', 'd6', 'd1', 'd4', 'd5', 'd2'];

const LANG_DOCS = [
  { _id: 'de-install', text: 'Installieren Sie die Software unter Linux.', metadata: { language: 'de' } },
  { _id: 'de-memory', text: 'Linux braucht viel Arbeitsspeicher.', metadata: { language: 'de' } },
  { _id: 'en-install', text: 'Installing the software on Linux.', metadata: { language: 'en' } },
  { _id: 'fr-install', text: 'Installer le logiciel sous Linux.', metadata: { language: 'fr' } },
];
const LANG_QUERY = 'installiere';
const LANG_QID = 'q-de';
const LANG_RUN = ['q-de Q0 en-install 1 1.5 t', 'q-de Q0 de-install 2 2.5 t'];

/**
 * Filters with the documents of `meta` that pass them, read off the fixture's metadata by hand
 * (string equality is exact; "2020" is not a number; d5 has no metadata at all).
 */
const FILTERS: { spec: FilterSpec; passing: string[] }[] = [
  // Stored languages: d2 and d6 are German.
  { spec: { lang: 'de' }, passing: ['d2', 'd6'] },
  // faq: d1 (2020), d3 (2021), d7 (2020.5); d6's "FAQ" is another string.
  { spec: { type: 'faq', year: { gte: 2020.5 } }, passing: ['d3', 'd7'] },
  // Drafts true or 1 (d2, d3, d4) in German or French (d2, d4, d6).
  { spec: { draft: { in: [true, 1] }, lang: { in: ['de', 'fr'] } }, passing: ['d2', 'd4'] },
  // d1's source is {kind: web}; d4's is the string "web", which has no kind.
  { spec: { 'source.kind': 'web' }, passing: ['d1'] },
];
/** Nothing passes: the German documents are a howto (d2) and an "FAQ" (d6). */
const NOTHING_PASSES: FilterSpec = { lang: 'de', type: 'faq' };

/** Odd and hostile query text: FTS5 syntax, SQL, control and unpaired characters, scripts, sizes. */
const HOSTILE = [
  '',
  ' \t\n ',
  '"',
  'password"',
  '"password',
  'NEAR(password reset, 2)',
  'pass*',
  '*',
  '^password',
  'password AND OR NOT',
  'text:password',
  'title:(a OR',
  '(((',
  ')',
  '-password',
  "'; DROP TABLE chunks; --",
  '\u0000password',
  '\udc00 lone low surrogate',
  'كلمة المرور',
  'סיסמה',
  'a\u0301\u0301\u0301',
  '🔑🔒',
  '密码重置',
  'password '.repeat(500),
  'p'.repeat(5000),
];

/** Builds both indexes and their run files in `dir`, and opens a Searcher on each. */
export async function openLegWorld(dir: string): Promise<LegWorld> {
  const embedder = createHashEmbedder(64);
  // Both indexes record hash:64; any other id is a fixture bug.
  const load = (id: string) =>
    id === 'hash:64' ? Promise.resolve(embedder) : Promise.reject(new Error(`unexpected embedder ${id}`));
  const metaDir = path.join(dir, 'meta');
  fs.mkdirSync(metaDir);
  const metaFile = await buildFilterIndex(metaDir, embedder);
  const langsCorpus = path.join(dir, 'langs.jsonl');
  const langsFile = path.join(dir, 'langs.sqlite');
  writeJsonl(langsCorpus, LANG_DOCS);
  await buildIndex({
    corpus: langsCorpus,
    out: langsFile,
    chunker: 'doc',
    embedder: 'hash:64',
    tokenizer: 'multilingual',
  });
  const metaRun = path.join(dir, 'meta.run');
  const langsRun = path.join(dir, 'langs.run');
  fs.writeFileSync(metaRun, META_RUN.join('\n') + '\n');
  fs.writeFileSync(langsRun, LANG_RUN.join('\n') + '\n');
  const meta = new Searcher('meta', metaFile, load);
  const langs = new Searcher('langs', langsFile, load);
  const engines = await startFakeEngine(lengthRankingEngines({ meta: chunksIn(metaFile), langs: chunksIn(langsFile) }));
  return {
    meta: { searcher: meta, runFile: metaRun, remote: `${engines.url}/meta` },
    langs: { searcher: langs, runFile: langsRun, remote: `${engines.url}/langs` },
    close: async () => {
      meta.close();
      langs.close();
      await engines.close();
    },
  };
}

type ServedChunk = { id: string; docId: string; text: string };

function chunksIn(file: string): ServedChunk[] {
  const reader = IndexReader.open(file);
  try {
    return [...reader.chunks()].map(({ id, docId, text }) => ({ id, docId, text }));
  } finally {
    reader.close();
  }
}

/**
 * The fake engines' answers for each index ("side", the first segment of the path): as
 * OpenSearch / Elasticsearch (`POST SIDE/INDEX/_search`), Qdrant (`POST
 * SIDE/collections/NAME/points/query`) and a plain search API (`GET SIDE/search`) answer, every
 * chunk of the index scored by the length of its text, whatever the query, the filter or k. So a
 * remote leg runs the contract over a real index: our side ranks, cuts at k and applies the
 * filter (an engine may ignore the one it was sent).
 */
function lengthRankingEngines(sides: Record<string, ServedChunk[]>): (req: SeenRequest) => FakeAnswer {
  return (req) => {
    const [side, ...rest] = new URL(req.path, 'http://x').pathname.slice(1).split('/');
    const chunks = sides[side!];
    const route = rest.join('/');
    if (!chunks) return { status: 404, json: {} };
    if (route.endsWith('/_search'))
      return {
        json: {
          hits: { hits: chunks.map((c) => ({ _id: c.docId, _score: c.text.length, _source: { chunk_id: c.id } })) },
        },
      };
    if (route.endsWith('/points/query'))
      return {
        json: {
          result: {
            points: chunks.map((c) => ({ score: c.text.length, payload: { doc_id: c.docId, chunk_id: c.id } })),
          },
        },
      };
    if (route === 'search')
      return { json: { hits: chunks.map((c) => ({ doc: c.docId, chunk: c.id, s: c.text.length })) } };
    return { status: 404, json: {} };
  };
}

interface Ask {
  k?: number;
  level?: Level;
  filter?: FilterSpec;
  qlang?: string;
  /** On the pipeline (qlang) or with the query (queryLang). */
  queryLang?: string;
  /** Defaults to the index's query id; null sends none. */
  queryId?: string | null;
  query?: string;
}

export function legContract(world: () => LegWorld, subject: LegSubject): void {
  describe(`${subject.name}: leg contract`, () => {
    // Read before the world is opened: only the number of legs matters here.
    const legInputs = subject.legs({ searcher: undefined as never, runFile: 'x.run', remote: 'http://x' });
    const fused = legInputs.length > 1;
    // Asked of the rows, never of the type names: a leg that reads feedback from its first
    // results reads it from the passing chunks under a filter, so its filtered ranking is its own.
    const expanding = legInputs.some((leg) => expandsQuery(leg as Leg));
    const keepsUnfilteredOrder = !fused && !expanding;
    const levels: Level[] = subject.runLeg ? ['doc'] : ['chunk', 'doc'];

    const pipelineFor = (index: 'meta' | 'langs', { k = 100, level = 'doc', filter, qlang }: Ask): Pipeline =>
      parsePipeline({
        legs: subject.legs(world()[index]),
        k,
        level,
        ...(filter && { filter }),
        ...(qlang && { qlang }),
      });

    /** One query through the Searcher, every hit checked against the shape every leg promises. */
    const ask = async (index: 'meta' | 'langs', a: Ask = {}): Promise<Hit[]> => {
      const { searcher } = world()[index];
      const pipeline = pipelineFor(index, a);
      const queryId = a.queryId === undefined ? (index === 'meta' ? QID : LANG_QID) : a.queryId;
      const parts = await searcher.prepare(pipeline);
      const { hits } = await searcher.retrieve(parts, a.query ?? (index === 'meta' ? QUERY : LANG_QUERY), {
        ...(queryId !== null && { queryId }),
        ...(a.queryLang && { queryLang: a.queryLang }),
      });
      checkShape(hits, pipeline.k, pipeline.level, index);
      return hits;
    };
    const ids = (hits: Hit[]) => hits.map((h) => h.id);
    const sorted = (xs: readonly string[]) => [...xs].sort();
    const scored = (hits: Hit[]) => hits.map(({ id, docId, chunkId, score }) => ({ id, docId, chunkId, score }));
    /** The chunks of `docs`, as the fixture chunks them (d3 and d6 one chunk, the others two). */
    const chunkSet = (docs: readonly string[]) => sorted(chunksOf([...docs]));
    /** The documents found for the query with a large k: hand-derived, or (no facts given) the leg's own answer. */
    const passwordDocs = async (): Promise<readonly string[]> =>
      subject.password?.docs ?? ids(await ask('meta', { k: 1000 }));

    it('ranks 1..n in the shared order (score desc, ties by id desc in bytes), at most k, finite scores', async () => {
      const docs = await passwordDocs();
      for (const level of levels) {
        for (const k of [1, 3, 100]) {
          const hits = await ask('meta', { k, level });
          expect(hits.length).toBe(Math.min(k, level === 'doc' ? docs.length : chunkSet(docs).length));
        }
      }
    });

    const password = subject.password;
    if (password) {
      it(`finds the hand-derived documents for "${QUERY}" with a large k`, async () => {
        const hits = await ask('meta', { k: 1000 });
        if (password.inOrder) expect(ids(hits)).toEqual(password.docs);
        else expect(sorted(ids(hits))).toEqual(sorted(password.docs));
        if (!subject.runLeg)
          expect(sorted(ids(await ask('meta', { k: 1000, level: 'chunk' })))).toEqual(chunkSet(password.docs));
      });
    }

    it('doc level: one hit per document, carrying one of its own chunks', async () => {
      const hits = await ask('meta', { k: 1000 });
      expect(new Set(ids(hits)).size).toBe(hits.length);
      for (const h of hits) {
        expect(h.docId).toBe(h.id);
        expect(chunksOf([h.docId])).toContain(h.chunkId);
      }
    });

    it('the top k is a prefix of the top 100', async () => {
      for (const level of levels) {
        const many = await ask('meta', { k: 100, level });
        for (const k of [1, 2, 5]) expect(scored(await ask('meta', { k, level }))).toEqual(scored(many.slice(0, k)));
      }
    });

    it('is deterministic, on the same prepared legs and on a fresh preparation', async () => {
      for (const level of levels) {
        const first = await ask('meta', { level });
        expect(await ask('meta', { level })).toEqual(first);
        const { searcher } = world().meta;
        const parts = await searcher.prepare(pipelineFor('meta', { level }));
        const again = await searcher.retrieve(parts, QUERY, { queryId: QID });
        const twice = await searcher.retrieve(parts, QUERY, { queryId: QID });
        expect(again.hits).toEqual(first);
        expect(twice.hits).toEqual(first);
      }
    });

    describe('under a filter', () => {
      for (const { spec, passing } of FILTERS) {
        it(`${JSON.stringify(spec)}: only ${passing.join(', ')} come back${keepsUnfilteredOrder ? ', in the unfiltered order' : ''}`, async () => {
          const expectedDocs = (await passwordDocs()).filter((d) => passing.includes(d));
          for (const level of levels) {
            const all = await ask('meta', { k: 1000, level });
            const filtered = await ask('meta', { k: 1000, level, filter: spec });
            for (const h of filtered) expect(passing).toContain(h.docId);
            if (level === 'doc') {
              if (subject.password?.inOrder) expect(ids(filtered)).toEqual(expectedDocs);
              else expect(sorted(ids(filtered))).toEqual(sorted(expectedDocs));
            } else {
              expect(sorted(ids(filtered))).toEqual(chunkSet(expectedDocs));
            }
            // One leg: the same hits, scores and chunks as unfiltered, minus the failing documents.
            // Fused legs are re-ranked on the filtered lists, so only the documents are pinned.
            if (keepsUnfilteredOrder)
              expect(scored(filtered)).toEqual(scored(all.filter((h) => passing.includes(h.docId))));
            // An expanding leg's feedback comes from the chunks that pass, never from one it may not return.
            if (expanding) {
              const explained = await world().meta.searcher.explainLegs(
                pipelineFor('meta', { level, filter: spec }),
                QUERY,
              );
              const feedback = explained.flatMap((e) => e.explanation.expansion?.feedback ?? []);
              expect(feedback.length).toBeGreaterThan(0);
              for (const f of feedback) expect(passing).toContain(world().meta.searcher.reader.chunk(f.chunkId)!.docId);
            }
          }
        });
      }

      it('k applies after the filter', async () => {
        for (const level of levels) {
          const hits = await ask('meta', { k: 1, level, filter: FILTERS[0]!.spec });
          expect(hits).toHaveLength(1);
          expect(FILTERS[0]!.passing).toContain(hits[0]!.docId);
        }
      });

      it('a filter nothing passes gives [], hostile query text included', async () => {
        for (const level of levels) {
          expect(await ask('meta', { level, filter: NOTHING_PASSES })).toEqual([]);
          for (const query of HOSTILE.slice(0, 8))
            expect(await ask('meta', { level, filter: NOTHING_PASSES, query })).toEqual([]);
        }
      });
    });

    describe('query language', () => {
      const asks: [string, (lang: string) => Ask][] = [
        ['pipeline qlang', (qlang) => ({ qlang })],
        ['the query context', (queryLang) => ({ queryLang })],
      ];
      for (const [via, lang] of asks) {
        if (subject.lexicalLegs.length === 0) {
          it(`is harmless (${via}): de, en and none give the same hits`, async () => {
            for (const level of levels) {
              const none = await ask('langs', { level });
              expect(none.length).toBeGreaterThan(0);
              expect(await ask('langs', { level, ...lang('de') })).toEqual(none);
              expect(await ask('langs', { level, ...lang('en') })).toEqual(none);
            }
          });
        } else if (!fused) {
          it(`reaches the analyser (${via}): "${LANG_QUERY}" finds de-install ${expanding ? 'first' : 'alone'} as German, nothing as English`, async () => {
            for (const level of levels) {
              const german = ids(await ask('langs', { level, ...lang('de') })).map(docOf);
              // An expanding leg searches again with words of de-install ("linux", "software"),
              // which the other documents share: de-install leads, the others may follow.
              if (expanding) expect(german[0]).toBe('de-install');
              else expect(german).toEqual(['de-install']);
              expect(await ask('langs', { level, ...lang('en') })).toEqual([]);
            }
          });
        } else {
          it(`reaches every lexical leg (${via}): they return de-install as German, nothing as English`, async () => {
            for (const level of levels) {
              const german = await ask('langs', { level, ...lang('de') });
              const found = german.find((h) => h.docId === 'de-install');
              expect(Object.keys(found?.sources ?? {})).toEqual(expect.arrayContaining([...subject.lexicalLegs]));
              // An expanding leg may go on to documents sharing de-install's other words.
              for (const h of expanding ? [] : german) {
                if (h.docId !== 'de-install')
                  for (const leg of subject.lexicalLegs) expect(h.sources?.[leg]).toBeUndefined();
              }
              if (expanding) for (const leg of subject.lexicalLegs) expect(found?.sources?.[leg]?.rank, leg).toBe(1);
              for (const h of await ask('langs', { level, ...lang('en') })) {
                for (const leg of subject.lexicalLegs) expect(h.sources?.[leg]).toBeUndefined();
              }
            }
          });
        }
      }
    });

    describe('query id', () => {
      if (subject.runLeg) {
        const runLeg = subject.runLeg;
        it('is required: without one the search is refused with an InputError naming the leg', async () => {
          const refused = ask('meta', { queryId: null });
          await expect(refused).rejects.toBeInstanceOf(InputError);
          await expect(ask('meta', { queryId: null })).rejects.toThrow(`leg "${runLeg}" is a run file`);
          await expect(ask('meta', { queryId: null })).rejects.toThrow(/query id/);
        });
        it('a query id the run does not hold: the run leg contributes nothing', async () => {
          const hits = await ask('meta', { queryId: 'no-such-query' });
          if (fused) for (const h of hits) expect(h.sources?.[runLeg]).toBeUndefined();
          else expect(hits).toEqual([]);
          // q2 holds d7 alone.
          const q2 = await ask('meta', { queryId: 'q2' });
          if (!fused) expect(ids(q2)).toEqual(['d7']);
          else expect(q2.filter((h) => h.sources?.[runLeg]).map((h) => h.id)).toEqual(['d7']);
        });
        it('chunk level is refused with the documented InputError, by the spec and by the leg', () => {
          const legs = subject.legs(world().meta);
          const i = legs.findIndex((l) => l.type === 'run');
          let error: unknown;
          try {
            parsePipeline({ legs, level: 'chunk' });
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(InputError);
          expect((error as InputError).where.field).toBe(`legs.${i}`);
          expect((error as InputError).detail).toBe('a run leg holds document ids: set level to doc');
          // A pipeline built past the parser still cannot run a run leg at chunk level.
          const { searcher } = world().meta;
          const chunkLevel: Pipeline = { ...pipelineFor('meta', {}), level: 'chunk' };
          return expect(
            searcher.prepare(chunkLevel).then((parts) => searcher.retrieve(parts, QUERY, { queryId: QID })),
          ).rejects.toThrow(
            new InputError(
              `leg "${runLeg}" is a run file (${world().meta.runFile}): it ranks documents, so it needs level doc`,
            ),
          );
        });
      } else {
        it('is ignored: with it, with an unknown one and without one, the same hits', async () => {
          for (const level of levels) {
            const withId = await ask('meta', { level });
            expect(await ask('meta', { level, queryId: null })).toEqual(withId);
            expect(await ask('meta', { level, queryId: 'no-such-query' })).toEqual(withId);
          }
        });
      }
    });

    it('answers hostile query text with a list, never an error', async () => {
      for (const level of levels) {
        for (const index of ['meta', 'langs'] as const) {
          for (const query of HOSTILE) {
            const hits = await ask(index, { k: 5, level, query });
            expect(Array.isArray(hits)).toBe(true);
          }
        }
      }
    });

    if (subject.runLeg && !fused) {
      it('the query text plays no part: hostile text gets the run ranking for the query id', async () => {
        for (const query of HOSTILE) expect(ids(await ask('meta', { query }))).toEqual(RUN_ORDER);
      });
    }
  });
}

const docOf = (id: string) => id.split('#')[0]!;

/** What every hit list promises, whatever the leg: checked on every search the suite makes. */
function checkShape(hits: Hit[], k: number, level: Level, index: 'meta' | 'langs'): void {
  expect(hits.length).toBeLessThanOrEqual(k);
  expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
  for (let i = 1; i < hits.length; i++)
    expect(compareHits(hits[i - 1]!, hits[i]!), `${hits[i - 1]!.id} before ${hits[i]!.id}`).toBeLessThan(0);
  for (const h of hits) {
    expect(Number.isFinite(h.score)).toBe(true);
    if (level === 'chunk') {
      expect(h.chunkId).toBe(h.id);
      expect(docOf(h.id)).toBe(h.docId);
    } else {
      expect(h.docId).toBe(h.id);
      expect(docOf(h.chunkId)).toBe(h.docId);
    }
    if (index === 'meta') expect(chunksOf(ALL_DOCS)).toContain(h.chunkId);
  }
  if (level === 'doc') expect(new Set(hits.map((h) => h.id)).size).toBe(hits.length);
}
