import { describe, expect, it } from 'vitest';
import { BEIR_BASE_URL, BEIR_DATASETS, BEIR_NAMES, beirDataset } from '../../../src/corpus/download/datasets.js';

describe('BEIR dataset registry', () => {
  it("holds the 15 public BEIR sets, each at BEIR's published address", () => {
    expect([...BEIR_NAMES].sort()).toEqual(
      [
        'arguana',
        'climate-fever',
        'cqadupstack',
        'dbpedia-entity',
        'fever',
        'fiqa',
        'hotpotqa',
        'msmarco',
        'nfcorpus',
        'nq',
        'quora',
        'scidocs',
        'scifact',
        'trec-covid',
        'webis-touche2020',
      ].sort(),
    );
    expect(BEIR_BASE_URL).toBe('https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets');
    for (const name of BEIR_NAMES) expect(BEIR_DATASETS[name].url).toBe(`${BEIR_BASE_URL}/${name}.zip`);
  });

  it('every checksum is 32 lowercase hex digits and distinct; counts and sizes are plausible', () => {
    const md5s = BEIR_NAMES.map((n) => BEIR_DATASETS[n].md5);
    for (const m of md5s) expect(m).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(md5s).size).toBe(md5s.length);
    for (const name of BEIR_NAMES) {
      const d = BEIR_DATASETS[name];
      expect(d.queries, name).toBeGreaterThan(0);
      expect(d.docs, name).toBeGreaterThan(d.queries > 5000 ? 50_000 : 1000);
      expect(d.bytes, name).toBeGreaterThan(1_000_000);
    }
    // Spot checks against the published table (scifact is also in ../shared/corpora).
    expect(BEIR_DATASETS.scifact).toMatchObject({
      md5: '5f7d1de60b170fc8027bb7898e2efca1',
      docs: 5_183,
      queries: 300,
      bytes: 2_816_079,
    });
    expect(BEIR_DATASETS.msmarco.split).toBe('dev');
    expect(BEIR_DATASETS.cqadupstack.parts).toHaveLength(12);
  });

  it('beirDataset looks names up without inheriting Object properties', () => {
    expect(beirDataset('nfcorpus')?.queries).toBe(323);
    expect(beirDataset('toString')).toBeUndefined();
    expect(beirDataset('SciFact')).toBeUndefined();
  });
});
