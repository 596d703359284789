/**
 * The public BEIR datasets `testbed corpus download` knows by name.
 *
 * Sources (published facts, cited rather than guessed):
 * - address and md5: the dataset table in beir-cellar/beir README.md ("md5" column); every value
 *   also matches allenai/ir_datasets ir_datasets/etc/downloads.json (section "beir").
 * - zip size in bytes: the `size_hint` of the same entry in ir_datasets downloads.json.
 * - documents and evaluation queries: allenai/ir_datasets ir_datasets/etc/metadata.json
 *   (`beir/<name>` docs count, `beir/<name>/<split>` queries count; cqadupstack sums its 12
 *   sub-forums), which agree with the rounded figures in the BEIR README table.
 */

/** BEIR's download folder; each dataset is `<base>/<name>.zip`. */
export const BEIR_BASE_URL = 'https://public.ukp.informatik.tu-darmstadt.de/thakur/BEIR/datasets';

export type BeirName =
  | 'scifact'
  | 'nfcorpus'
  | 'fiqa'
  | 'arguana'
  | 'trec-covid'
  | 'scidocs'
  | 'quora'
  | 'nq'
  | 'hotpotqa'
  | 'fever'
  | 'climate-fever'
  | 'dbpedia-entity'
  | 'webis-touche2020'
  | 'cqadupstack'
  | 'msmarco';

/** What is known about one published dataset before downloading it. */
export interface BeirDataset {
  /** Where the zip is published. */
  url: string;
  /** md5 of the zip as published; undefined when no published value could be verified. */
  md5: string | undefined;
  /** Size of the zip in bytes (approximate: the publisher may re-pack). */
  bytes: number;
  /** Documents in corpus.jsonl (summed over sub-forums for cqadupstack). */
  docs: number;
  /** Queries with judgements in the evaluation split. */
  queries: number;
  /** The split BEIR reports results on: qrels/<split>.tsv. */
  split: 'test' | 'dev';
  /**
   * Set when the zip holds one BEIR folder per part instead of one at the top
   * (cqadupstack: one per StackExchange sub-forum).
   */
  parts?: readonly string[];
}

const CQADUPSTACK_FORUMS = [
  'android',
  'english',
  'gaming',
  'gis',
  'mathematica',
  'physics',
  'programmers',
  'stats',
  'tex',
  'unix',
  'webmasters',
  'wordpress',
] as const;

const url = (name: BeirName): string => `${BEIR_BASE_URL}/${name}.zip`;

/** The registry, roughly by zip size (scifact, the usual first set, leads) so `corpus list` reads from quick to slow. */
export const BEIR_DATASETS: Record<BeirName, BeirDataset> = {
  scifact: {
    url: url('scifact'),
    md5: '5f7d1de60b170fc8027bb7898e2efca1',
    bytes: 2_816_079,
    docs: 5_183,
    queries: 300,
    split: 'test',
  },
  nfcorpus: {
    url: url('nfcorpus'),
    md5: 'a89dba18a62ef92f7d323ec890a0d38d',
    bytes: 2_448_432,
    docs: 3_633,
    queries: 323,
    split: 'test',
  },
  arguana: {
    url: url('arguana'),
    md5: '8ad3e3c2a5867cdced806d6503f29b99',
    bytes: 3_773_617,
    docs: 8_674,
    queries: 1_406,
    split: 'test',
  },
  quora: {
    url: url('quora'),
    md5: '18fb154900ba42a600f84b839c173167',
    bytes: 15_853_968,
    docs: 522_931,
    queries: 10_000,
    split: 'test',
  },
  fiqa: {
    url: url('fiqa'),
    md5: '17918ed23cd04fb15047f73e6c3bd9d9',
    bytes: 17_948_027,
    docs: 57_638,
    queries: 648,
    split: 'test',
  },
  'trec-covid': {
    url: url('trec-covid'),
    md5: 'ce62140cb23feb9becf6270d0d1fe6d1',
    bytes: 73_876_720,
    docs: 171_332,
    queries: 50,
    split: 'test',
  },
  scidocs: {
    url: url('scidocs'),
    md5: '38121350fc3a4d2f48850f6aff52e4a9',
    bytes: 142_471_588,
    docs: 25_657,
    queries: 1_000,
    split: 'test',
  },
  'webis-touche2020': {
    url: url('webis-touche2020'),
    md5: '46f650ba5a527fc69e0a6521c5a23563',
    bytes: 227_132_363,
    docs: 382_545,
    queries: 49,
    split: 'test',
  },
  nq: {
    url: url('nq'),
    md5: 'd4d3d2e48787a744b6f6e691ff534307',
    bytes: 498_307_926,
    docs: 2_681_468,
    queries: 3_452,
    split: 'test',
  },
  'dbpedia-entity': {
    url: url('dbpedia-entity'),
    md5: 'c2a39eb420a3164af735795df012ac2c',
    bytes: 639_285_131,
    docs: 4_635_922,
    queries: 400,
    split: 'test',
  },
  hotpotqa: {
    url: url('hotpotqa'),
    md5: 'f412724f78b0d91183a0e86805e16114',
    bytes: 654_025_350,
    docs: 5_233_329,
    queries: 7_405,
    split: 'test',
  },
  // BEIR evaluates MS MARCO on its dev split; qrels/test.tsv there is TREC DL 2019 (43 queries).
  msmarco: {
    url: url('msmarco'),
    md5: '444067daf65d982533ea17ebd59501e4',
    bytes: 1_082_258_632,
    docs: 8_841_823,
    queries: 6_980,
    split: 'dev',
  },
  'climate-fever': {
    url: url('climate-fever'),
    md5: '8b66f0a9126c521bae2bde127b4dc99d',
    bytes: 1_228_666_652,
    docs: 5_416_593,
    queries: 1_535,
    split: 'test',
  },
  fever: {
    url: url('fever'),
    md5: '5a818580227bfb4b35bb6fa46d9b6c03',
    bytes: 1_236_988_269,
    docs: 5_416_568,
    queries: 6_666,
    split: 'test',
  },
  cqadupstack: {
    url: url('cqadupstack'),
    md5: '4e41456d7df8ee7760a7f866133bda78',
    bytes: 5_343_728_040,
    docs: 457_199,
    queries: 13_145,
    split: 'test',
    parts: CQADUPSTACK_FORUMS,
  },
};

/** Registry names in listing order. */
export const BEIR_NAMES = Object.keys(BEIR_DATASETS) as BeirName[];

/** The registry entry for `name`, or undefined when it is not a known BEIR dataset. */
export function beirDataset(name: string): BeirDataset | undefined {
  return Object.hasOwn(BEIR_DATASETS, name) ? BEIR_DATASETS[name as BeirName] : undefined;
}
