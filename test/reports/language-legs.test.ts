import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseExperimentConfig } from '../../src/experiments/config.js';
import type { ExperimentReport } from '../../src/reports/report-model.js';
import { runExperiment } from '../../src/experiments/runner.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { tmpDir } from '../helpers/tmp.js';
import { writeJsonl } from '../helpers/lexical-fixtures.js';

// An English and a Chinese page; unicode61 cannot split the Chinese sentence into words, so
// the Chinese query finds nothing lexically and its hybrid runs on the dense leg alone.
const corpus = [
  { _id: 'en-reset', title: 'Reset', text: 'How to reset your password from the sign-in page.' },
  { _id: 'en-install', title: 'Install', text: 'Installing the package on Linux needs two gigabytes.' },
  { _id: 'zh-reset', title: '', text: '如何重置您的密码：在登录页面选择忘记密码。' },
  { _id: 'zh-install', title: '', text: '在Linux上安装软件包需要两千兆字节的内存。' },
];
const queries = [
  { _id: 'q-en', text: 'reset password', metadata: { language: 'en' } },
  { _id: 'q-zh', text: '重置密码', metadata: { language: 'zh' } },
];

describe('the Markdown report on a languages experiment', () => {
  const dir = tmpDir('language-legs-');
  let report: ExperimentReport;
  beforeAll(async () => {
    const folder = path.join(dir, 'corpus');
    fs.mkdirSync(path.join(folder, 'qrels'), { recursive: true });
    writeJsonl(path.join(folder, 'corpus.jsonl'), corpus);
    fs.writeFileSync(path.join(folder, 'queries.jsonl'), queries.map((q) => JSON.stringify(q)).join('\n') + '\n');
    fs.writeFileSync(
      path.join(folder, 'qrels', 'test.tsv'),
      'query-id\tcorpus-id\tscore\nq-en\ten-reset\t1\nq-zh\tzh-reset\t1\n',
    );
    const config = parseExperimentConfig(`name: languages
corpus: ${folder}
ks: [1, 3]
context_k: 1
metrics: [ndcg@3]
slices: [language]
output: ${path.join(dir, 'out')}
grid:
  chunkers: [doc]
  embedders: ['hash:64']
  tokenizers: [unicode61]
  retrievers:
    - { name: bm25, mode: bm25 }
    - { name: hybrid, mode: hybrid }
`);
    report = (await runExperiment(config, { cacheDir: path.join(dir, 'cache') })).report;
  });

  it('shows per language the lexical zero-hit rate and which leg led the hybrid', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('## Languages: where a leg is dead');
    expect(md).toContain(
      'led by lexical / dense / tie (which leg ranked each of the first context_k hybrid hits higher',
    );
    expect(md).toContain('| slice | `bm25` zero-hit | `hybrid` top 1: led by lexical / dense / tie |');
    // zh: BM25 returned nothing (100% zero-hit), so the hybrid's first hit is dense-led.
    expect(md).toMatch(/\| language=zh \| 100% \| 0% \/ 100% \/ 0% \|/);
    // en: BM25 found something; its zero-hit share is 0%.
    expect(md).toMatch(/\| language=en \| 0% \|/);
  });

  it('adds the English-only note for an English-only encoder, not for a hash or multilingual one', () => {
    const withEncoder = (id: string): ExperimentReport => {
      const r = structuredClone(report);
      for (const c of r.configs) c.index.embedderId = id;
      return r;
    };
    const note = 'is an English-only encoder; on other languages its dense scores measure little';
    expect(renderMarkdown(report)).not.toContain(note); // hash:64
    expect(renderMarkdown(withEncoder('transformers:Xenova/all-MiniLM-L6-v2'))).toContain(
      `Note: transformers:Xenova/all-MiniLM-L6-v2 ${note}`,
    );
    expect(renderMarkdown(withEncoder('use-lite'))).toContain(`Note: use-lite ${note}`);
    expect(renderMarkdown(withEncoder('transformers:Xenova/multilingual-e5-small'))).not.toContain('English-only');
  });
});
