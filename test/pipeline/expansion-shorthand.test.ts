import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIndex } from '../../src/indexing/build-index.js';
import { parsePipeline } from '../../src/pipeline/resolve-pipeline.js';
import { EXPANSIONS } from '../../src/pipeline/shorthand-rows.js';
import { pipelineForMode } from '../../src/pipeline/search-spec.js';
import type { Searcher } from '../../src/search/searcher.js';
import { browserGet, webFixture, type WebFixture } from '../web/helpers/web-fixture.js';
import { lexicalSearcher } from '../helpers/lexical-fixtures.js';
import { TINY_BEIR, tmpDir } from '../helpers/tmp.js';

/**
 * `expansion` on the shorthands: bm25 (and hybrid's lexical leg) become the named expansion leg
 * at its defaults, named bm25 still; the playground's columns take it as a knob and mark the
 * terms the expansion added.
 */
describe('the expansion parameter of the shorthands', () => {
  const dir = tmpDir('expansion-shorthand-');
  let searcher: Searcher;
  let fx: WebFixture;
  beforeAll(async () => {
    const out = path.join(dir, 'tiny.sqlite');
    await buildIndex({ corpus: TINY_BEIR, out, chunker: 'doc', embedder: 'none', tokenizer: 'english' });
    searcher = lexicalSearcher('tiny', out);
    fx = await webFixture(tmpDir('expansion-playground-'));
  });
  afterAll(() => {
    searcher.close();
    fx.catalog.close();
  });

  it('names the leg types whose rows expand the query', () => {
    expect(EXPANSIONS).toEqual(['none', 'rm3', 'rocchio', 'bo1']);
  });

  it('bm25 with expansion rm3 is the rm3 leg at its defaults, named bm25, and ranks as that pipeline does', async () => {
    const shorthand = pipelineForMode('bm25', { expansion: 'rm3', k1: 1.2, k: 5, level: 'doc' });
    expect(shorthand.legs).toEqual([
      { type: 'rm3', name: 'bm25', k1: 1.2, fb_docs: 10, fb_terms: 10, original_weight: 0.5 },
    ]);
    const direct = parsePipeline({ legs: [{ type: 'rm3', name: 'bm25', k1: 1.2 }], k: 5, level: 'doc' });
    const query = 'storage quota';
    const a = await searcher.search({ query, pipeline: shorthand });
    const b = await searcher.search({ query, pipeline: direct });
    expect(a.hits.map((h) => [h.id, h.score])).toEqual(b.hits.map((h) => [h.id, h.score]));
    expect(a.expansions?.bm25?.length).toBeGreaterThan(2);
  });

  it("hybrid's lexical leg expands too; another engine is refused naming the parameter", () => {
    const hybrid = pipelineForMode('hybrid', { expansion: 'bo1' });
    expect(hybrid.legs.map((l) => l.type)).toEqual(['bo1', 'dense']);
    expect(() => pipelineForMode('bm25', { expansion: 'rocchio', engine: 'fts5' })).toThrow(
      /expansion rocchio runs over the index's postings/,
    );
    expect(() => pipelineForMode('bm25', { expansion: 'rm4' })).toThrow(/expansion/);
  });

  it('the playground marks the words of the terms an expansion added, not only the query words', async () => {
    const res = await browserGet(fx.app, '/?q=storage+quota&k=3&col=tiny:bm25&col=tiny:bm25:expansion=bo1');
    expect(res.status).toBe(200);
    const html = await res.text();
    const [plain, expanded] = html
      .split('<section class="column"')
      .slice(1)
      .map((c) => c.split('</section>')[0]!);
    const marked = (column: string) =>
      new Set([...column.matchAll(/<mark>([^<]*)<\/mark>/g)].map((m) => m[1]!.toLowerCase()));
    // Without expansion only the query's words; with it, words of the expansion terms as well.
    for (const word of marked(plain!)) expect(['storage', 'quota']).toContain(word);
    const extra = [...marked(expanded!)].filter((w) => w !== 'storage' && w !== 'quota');
    expect(extra.length).toBeGreaterThan(0);
  });
});
