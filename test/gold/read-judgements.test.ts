import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addJudgement } from '../../src/gold/additions.js';
import { readJudgements } from '../../src/gold/read-judgements.js';
import { llmGradeNote } from '../../src/gold/write-llm-grades.js';
import { countBySource } from '../../src/metrics/index.js';
import { tinyBeirCopy } from './helpers.js';

describe('readJudgements: every grade, and where each came from', () => {
  it('tags qrels lines published, additions by their source, sidecar lines by theirs; keeps grade 0', async () => {
    const qrels = tinyBeirCopy();
    const published = fs.readFileSync(qrels, 'utf8').trim().split('\n').length - 1;
    const sha = 'a'.repeat(64);
    await addJudgement(qrels, { queryId: 'q5', docId: 'install-mac', grade: 0, judge: 'Ann', source: 'human' });
    await addJudgement(qrels, {
      queryId: 'q5',
      docId: 'plans',
      grade: 2,
      judge: 'qwen',
      source: 'llm',
      note: llmGradeNote(sha, { kappa: 0.6125, pairs: 50 }),
    });
    // A second judge whose gate was skipped: its source has no kappa.
    await addJudgement(qrels, {
      queryId: 'q5',
      docId: 'install-linux',
      grade: 1,
      judge: 'llama',
      source: 'llm',
      note: llmGradeNote(sha, { kappa: Number.NaN, pairs: 0 }),
    });
    // A sidecar naming one published line as click-derived (as gold from-clicks writes it).
    fs.writeFileSync(
      `${qrels}.sources.jsonl`,
      JSON.stringify({
        query_id: 'q1',
        doc_id: 'faq-reset',
        source: 'clicks',
        model: 'coec',
        served_by: [{ pipeline: 'bm25', share: 1 }],
      }) + '\n',
    );
    const { judgements, additions } = await readJudgements(qrels, { threshold: 2 });
    expect(additions).toBe(3);
    expect(judgements.threshold).toBe(2);
    expect(judgements.grades.get('q5')?.get('install-mac')).toBe(0);
    expect(judgements.sources?.get('q5')?.get('install-mac')).toEqual({ kind: 'human', judge: 'Ann' });
    // The kappa written with three decimals (0.6125 -> "0.613"), read back as a number.
    expect(judgements.sources?.get('q5')?.get('plans')).toEqual({
      kind: 'llm',
      model: 'qwen',
      promptSha256: sha,
      kappa: 0.613,
    });
    expect(judgements.sources?.get('q5')?.get('install-linux')).toEqual({
      kind: 'llm',
      model: 'llama',
      promptSha256: sha,
    });
    expect(judgements.sources?.get('q1')?.get('faq-reset')).toEqual({
      kind: 'clicks',
      model: 'coec',
      servedBy: [{ pipeline: 'bm25', share: 1 }],
    });
    expect(countBySource(judgements.grades, judgements.sources)).toEqual({
      published: published - 1,
      human: 1,
      llm: 2,
      clicks: 1,
    });
  });

  it('names the file and line of a sources line it cannot read', async () => {
    const qrels = tinyBeirCopy();
    fs.writeFileSync(`${qrels}.sources.jsonl`, '{"query_id":"q1","doc_id":"faq-reset","source":"rumour"}\n');
    await expect(readJudgements(qrels)).rejects.toThrow(/sources\.jsonl:1 \(field "source"\): source must be one of/);
  });
});
