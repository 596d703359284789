import fs from 'node:fs';
import path from 'node:path';
import { jsx } from 'hono/jsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentJob } from '../../src/experiments/experiment-jobs.js';
import type { ExperimentReport, Failure } from '../../src/reports/report-model.js';
import { renderCsv } from '../../src/reports/csv.js';
import { renderMarkdown } from '../../src/reports/markdown.js';
import { renderPerQueryCsv } from '../../src/reports/per-query-csv.js';
import { verdict } from '../../src/reports/verdict.js';
import { failureUrl } from '../../src/web/experiments/failure-link.js';
import { ReportPage } from '../../src/web/experiments/report-page.js';
import { tmpDir } from '../helpers/tmp.js';
import { browserGet, runTinyExperiment, webFixture, type WebFixture } from './helpers/web-fixture.js';

let fx: WebFixture;
let job: ExperimentJob;
let report: ExperimentReport;

beforeAll(async () => {
  fx = await webFixture(tmpDir('web-experiments-'));
  job = await runTinyExperiment(fx);
  report = job.report!;
});
afterAll(() => fx.catalog.close());

const html = async (url: string) => {
  const res = await browserGet(fx.app, url);
  return { res, body: await res.text() };
};
const all = (text: string, re: RegExp) => [...text.matchAll(re)].map((m) => m[1]!);
const section = (text: string, from: string, to = '<h2') => text.split(from)[1]?.split(to)[0] ?? '';

describe('GET /experiments', () => {
  it('a browser gets the page: configs to start, runs of this server, saved reports', async () => {
    const { res, body } = await html('/experiments');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(body).toMatch(
      /<li data-config="tiny-grid.yaml">.*3 configurations on <code>tiny<\/code>.*<form class="start-form" data-config="tiny-grid.yaml">/,
    );
    expect(body).toContain(`<tr data-job-id="${job.id}" data-job-state="done">`);
    expect(body).toContain(`<a href="/experiments/${job.id}" class="report-link">tiny-grid</a>`);
    // the report the run wrote is listed as saved, by its folder name
    expect(body).toContain('<a href="/experiments/tiny-grid">tiny-grid</a>');
  });

  it('every other client still gets the JSON API', async () => {
    const res = await fx.app.request('/experiments');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await res.json()) as { experiments: { id: string }[] }).experiments.map((e) => e.id)).toEqual([job.id]);
    const one = await fx.app.request(`/experiments/${job.id}`, { headers: { accept: 'application/json' } });
    expect(((await one.json()) as ExperimentJob).report?.name).toBe('tiny-grid');
  });

  it('the JSON lists the saved reports the page lists, also one no job of this server ran', async () => {
    const { body } = await html('/experiments');
    const onPage = all(section(body, 'id="saved-h"'), /<a href="\/experiments\/([^"]+)">/g);
    expect(onPage).toEqual(['tiny-grid']);
    type List = { experiments: unknown[]; saved: { name: string; configurations: number; queries: number }[] };
    const list = (await (await fx.app.request('/experiments')).json()) as List;
    expect(list.saved).toEqual([
      {
        name: 'tiny-grid',
        createdAt: report.createdAt,
        configurations: report.configs.length,
        queries: report.queries.answerable,
      },
    ]);
    // A report `testbed experiment` saved there, which no job of this server ran: listed both ways.
    fs.cpSync(path.join(fx.resultsRoot, 'tiny-grid'), path.join(fx.resultsRoot, 'tiny-grid-cli'), { recursive: true });
    try {
      const again = (await (await fx.app.request('/experiments')).json()) as List;
      expect(again.experiments).toHaveLength(list.experiments.length);
      const page = await html('/experiments');
      const listed = all(section(page.body, 'id="saved-h"'), /<a href="\/experiments\/([^"]+)">/g);
      expect(listed.sort()).toEqual(['tiny-grid', 'tiny-grid-cli']);
      expect(again.saved.map((s) => s.name).sort()).toEqual(listed);
    } finally {
      fs.rmSync(path.join(fx.resultsRoot, 'tiny-grid-cli'), { recursive: true });
    }
  });

  it('a config that does not parse is listed with its error and no Start button', async () => {
    const dir = path.join(fx.root, 'experiments');
    fs.writeFileSync(path.join(dir, 'broken.yaml'), 'name: broken\ncorpus: tiny\ngrid: { retrievers: [] }\n');
    try {
      const { body } = await html('/experiments');
      const item = section(body, '<li data-config="broken.yaml">', '</li>');
      expect(item).toContain('class="error"');
      expect(item).not.toContain('start-form');
    } finally {
      fs.rmSync(path.join(dir, 'broken.yaml'));
    }
  });
});

describe('GET /experiments/:id (the report page)', () => {
  let body: string;
  beforeAll(async () => {
    const got = await html(`/experiments/${job.id}`);
    expect(got.res.status).toBe(200);
    body = got.body;
  });

  // Issue 43: the first screen was two verdict paragraphs and 13 slice bullets before the
  // configurations table. Now: one paragraph, the table, then each sentence beside its table.
  it('opens with a one-paragraph verdict and the configurations table; slice and hybrid sentences sit by their tables', () => {
    const v = verdict(report)!;
    const opening = section(body, '<h2 id="verdict-title">Verdict</h2>', '</section>');
    const asHtml = (s: string) =>
      s
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/'/g, '&#39;')
        .replace(/`([^`]*)`/g, '<code>$1</code>');
    // One paragraph: the sources sentence (this report mixes real and synthetic queries), then the overall one.
    const paragraph = [v.sources?.sentence, v.overall.sentence].filter(Boolean).map((t) => asHtml(t!));
    expect(opening).toContain(`<p class="verdict-overall">${paragraph.join(' ')}</p>`);
    expect(all(opening, /<p/g)).toHaveLength(1);
    expect(opening).not.toContain('<li');
    // Nothing but the table's legend between the verdict and the configurations table.
    const before = body.slice(body.indexOf('Verdict</h2>'), body.indexOf('<table class="config-table">'));
    expect(before).not.toContain('<ul');
    expect(before).not.toContain('per-query-link');

    const afterTable = section(body, '<table class="config-table">', '<h2>');
    for (const h of v.hybrids) expect(afterTable).toContain(`<li data-config="${h.hybrid}">${asHtml(h.sentence)}</li>`);
    expect(v.hybrids.map((h) => h.hybrid)).toEqual(['hybrid']);

    const slices = section(body, '<h2>Slices</h2>', '<h2>');
    expect(all(slices, /<li data-slice="([^"]+)">/g)).toEqual(report.configs[0]!.slices.map((s) => s.label));
    for (const s of v.slices) expect(slices).toContain(asHtml(s.sentence));
  });

  it('tables configurations x metrics with quality next to latency and index size, the best per column marked', () => {
    const table = section(body, '<table class="config-table">', '</table>');
    expect(all(table, /<th scope="col">([^<]+)<\/th>/g)).toEqual([
      'configuration',
      ...report.metrics,
      'p50 ms',
      'p95 ms',
      'index MB',
      'build s',
    ]);
    expect(all(table, /<tr data-config="([^"]+)">/g)).toEqual(['bm25', 'dense', 'hybrid']);
    expect(table).toContain('<small> (baseline)</small>');
    // the marked cells are exactly the column maxima
    report.metrics.forEach((m) => {
      const max = Math.max(...report.configs.map((c) => c.means[m]!));
      report.configs.forEach((c) => {
        const cell = table.split(`<tr data-config="${c.name}">`)[1]!.split(`data-metric="${m}"`)[0]!;
        const isBest = /<td class="best" $/.test(cell);
        expect(isBest, `${c.name} ${m}`).toBe(Math.abs(c.means[m]! - max) < 1e-12);
      });
    });
  });

  it('marks significant differences from the baseline with † and its numbers', () => {
    const fake = structuredClone(report);
    fake.configs[1]!.significance = {
      [fake.metrics[0]!]: { meanDiff: -0.25, p: 0.001, ci: [-0.4, -0.1], significant: true },
    };
    const page = String(
      jsx(ReportPage, {
        source: { kind: 'saved', id: 'x', output: '/nowhere', report: fake },
        links: {},
        tokenRequired: false,
      }),
    );
    expect(page).toMatch(
      /<span class="sig" title="vs bm25: Δ -0.2500, 95% CI \[-0.4000, -0.1000\], p = 0.0010">†<\/span>/,
    );
    expect(page).toContain('<span class="sig">yes †</span>');
  });

  it('shows judged@10 per configuration, and warns as report.md does when they lie more than 0.10 apart', () => {
    const render = (r: ExperimentReport) =>
      String(
        jsx(ReportPage, {
          source: { kind: 'saved', id: 'x', output: '/results/exp-x', report: r },
          links: {},
          tokenRequired: false,
        }),
      );
    const fake = structuredClone(report);
    fake.configs.forEach((c, i) => (c.judged = { k: 10, mean: 0.9 - 0.05 * i }));
    const close = section(render(fake), '<h2>Judged</h2>');
    for (const c of fake.configs) expect(close).toContain(c.name);
    expect(close).toContain('0.9000');
    // the judging page pools the report's folder at the depth judged@k looked at
    expect(close).toContain('<a href="/judge?pool=experiment%3Aexp-x&amp;depth=10">');
    expect(close).not.toContain('Warning');
    fake.configs[1]!.judged = { k: 10, mean: 0.5 };
    const apart = section(render(fake), '<h2>Judged</h2>');
    expect(apart).toContain(`Warning: judged@10 differs by more than 0.10`);
    expect(apart).toContain('Pool the runs, then judge the pool: <code>testbed pool ');
    // The page and report.md name the same configurations and the same command.
    expect(renderMarkdown(fake)).toContain(`\`${fake.configs[1]!.name}\` 0.5000, \`${fake.configs[0]!.name}\` 0.9000`);
  });

  it('shows where a leg is dead per language: BM25 zero-hit rates and which leg led the hybrid, as report.md does', () => {
    // The tiny report has no language slices, so no such section.
    expect(body).not.toContain('Languages: where a leg is dead');
    const fake = structuredClone(report);
    expect(fake.configs.map((c) => c.retriever.mode)).toEqual(['bm25', 'dense', 'hybrid']);
    // 4 German and 4 Chinese queries; context_k = 1, so each hybrid share is over 4 first hits.
    // BM25 found nothing for 1 of 4 German queries (25%) and all 4 Chinese ones (100%). The
    // hybrid's German first hits: 1 ranked higher by lexical, 2 by dense, 1 alike.
    for (const c of fake.configs) {
      c.index.embedderId = 'use-lite';
      c.legs = [
        { label: 'all', zeroHit: 5 / 8 },
        {
          label: 'language=de',
          zeroHit: 1 / 4,
          ...(c.retriever.mode === 'hybrid' && { carried: { bm25: 1 / 4, dense: 2 / 4, both: 1 / 4 } }),
        },
        {
          label: 'language=zh',
          zeroHit: 4 / 4,
          ...(c.retriever.mode === 'hybrid' && { carried: { bm25: 0, dense: 4 / 4, both: 0 } }),
        },
      ];
    }
    const page = String(
      jsx(ReportPage, {
        source: { kind: 'saved', id: 'x', output: '/nowhere', report: fake },
        links: {},
        tokenRequired: false,
      }),
    );
    const languages = section(page, '<h2>Languages: where a leg is dead</h2>');
    expect(all(languages, /<th scope="col">([^<]+)<\/th>/g)).toEqual([
      'slice',
      'bm25 zero-hit',
      'hybrid top 1: led by lexical / dense / tie',
    ]);
    const rows = languages
      .split('<tr>')
      .slice(2)
      .map((r) => all(r, /<t[hd][^>]*>([^<]*)<\/t[hd]>/g));
    expect(rows).toEqual([
      ['language=de', '25%', '25% / 50% / 25%'],
      ['language=zh', '100%', '0% / 100% / 0%'],
    ]);
    expect(languages).toContain('use-lite is an English-only encoder');
    // the same check as report.md: a multilingual model gets no note
    for (const c of fake.configs) c.index.embedderId = 'transformers:Xenova/multilingual-e5-small';
    const multilingual = String(
      jsx(ReportPage, {
        source: { kind: 'saved', id: 'x', output: '/nowhere', report: fake },
        links: {},
        tokenRequired: false,
      }),
    );
    expect(multilingual).toContain('<h2>Languages: where a leg is dead</h2>');
    expect(multilingual).not.toContain('English-only');
    // placed right after the slice charts
    expect(page.indexOf('<h2>Slices</h2>')).toBeLessThan(page.indexOf('<h2>Languages: where a leg is dead</h2>'));
  });

  it('draws recall@k and hit@k curves: one series per configuration, log k axis, legend', () => {
    const charts = body
      .split('<figure class="chart line-chart"')
      .slice(1)
      .map((c) => c.split('</figure>')[0]!);
    expect(charts).toHaveLength(2);
    for (const chart of charts) {
      expect(chart).toContain('data-series-count="3"');
      expect(all(chart, /<g class="series" data-series="([^"]+)"/g)).toEqual(['bm25', 'dense', 'hybrid']);
      expect(all(chart, /<li data-series="([^"]+)"/g)).toEqual(['bm25', 'dense', 'hybrid']);
      expect(chart).toContain('k (log scale)');
    }
    expect(body).toContain('<title id="chart-recall-k-per-configuration">recall@k per configuration</title>');
  });

  it('draws a bar chart per slice field with query counts, the real vs synthetic gap, quality against latency', () => {
    const bars = body
      .split('<figure class="chart bar-chart"')
      .slice(1)
      .map((c) => c.split('</figure>')[0]!);
    const labels = bars.flatMap((b) => all(b, /class="group-label">([^<]+)</g));
    const slices = report.configs[0]!.slices;
    expect(slices.map((s) => s.label)).toEqual(
      expect.arrayContaining(['type=identifier', 'source=real', 'source=synthetic']),
    );
    expect(labels).toEqual(expect.arrayContaining(slices.map((s) => `${s.label.split('=')[1]} (n=${s.n})`)));
    // and the gap chart: one group per configuration, real and synthetic as its two bars
    const gap = bars.find((b) => b.includes('real vs synthetic'))!;
    expect(all(gap, /class="group-label">([^<]+)</g)).toEqual(['bm25', 'dense', 'hybrid']);
    expect(all(gap, /<li data-series="([^"]+)"/g)).toEqual([
      `real (n=${report.sourceGap![0]!.real.n})`,
      `synthetic (n=${report.sourceGap![0]!.synthetic.n})`,
    ]);
    expect(body).toContain('<title id="chart-ndcg-10-by-type">ndcg@10 by type</title>');
    expect(body).toContain('ndcg@10: real vs synthetic queries');
    expect(body).toMatch(/<figure class="chart scatter-chart" data-series-count="3">/);
  });

  it('lists the misses with links that replay them in the playground, gold set and settings included', () => {
    const links = all(body, /<a href="([^"]+)" class="replay"/g).map(
      (h) => new URL(h.replace(/&amp;/g, '&'), 'http://x'),
    );
    expect(links.length).toBeGreaterThan(0);
    const missed = new Set(report.configs.flatMap((c) => c.failures.map((f) => f.queryId)));
    for (const url of links) {
      expect(url.pathname).toBe('/');
      expect(missed.has(url.searchParams.get('qid')!)).toBe(true);
      expect(url.searchParams.get('qrels')).toBe('tiny/qrels/test.tsv');
      expect(url.searchParams.get('index')).toBe('tiny');
      expect(url.searchParams.get('level')).toBe('doc');
      expect(url.searchParams.get('q')).toBe(
        report.configs.flatMap((c) => c.failures).find((f) => f.queryId === url.searchParams.get('qid'))!.query,
      );
    }
  });

  it("a replay link carries the configuration's retriever settings and a k deep enough to show the first relevant document", () => {
    const config = {
      ...report.configs[2]!,
      retriever: {
        name: 'h',
        mode: 'hybrid' as const,
        engine: 'wink' as const,
        k1: 1.2,
        fusion: 'rrf' as const,
        rrf_k: 10,
        weights: [1, 0.5] as [number, number],
      },
    };
    const failure: Failure = {
      queryId: 'q4',
      query: 'what port does harbor need',
      tags: {},
      gold: [{ id: 'install-linux', grade: 2 }],
      firstRelevantRank: 37,
      bucket: 'rerank-window',
      foundBy: 'both',
      cause: 'ranked-too-low',
      answersAcrossChunks: [],
    };
    const url = new URL(
      failureUrl(report, config, failure, { index: 'tiny', qrels: 'tiny/qrels/test.tsv' }),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      index: 'tiny',
      q: 'what port does harbor need',
      k: '37',
      level: 'doc',
      engine: 'wink',
      k1: '1.2',
      fusion: 'rrf',
      rrf_k: '10',
      weights: '1,0.5',
      qrels: 'tiny/qrels/test.tsv',
      qid: 'q4',
    });
    // not retrieved at all: the playground shows the usual 10
    expect(
      new URL(failureUrl(report, config, { ...failure, firstRelevantRank: null }, {}), 'http://x').searchParams.get(
        'k',
      ),
    ).toBe('10');
  });

  it('offers Markdown, the two CSVs, JSON and a TREC run per configuration; links its per-query page', () => {
    const hrefs = all(section(body, '<nav aria-label="Downloads">', '</nav>'), /<a href="([^"]+)"/g);
    const base = `/experiments/${job.id}/download`;
    expect(body).toContain(`<a href="/experiments/${job.id}/queries" id="per-query-link">`);
    expect(hrefs).toEqual([
      `${base}/report.md`,
      `${base}/metrics.csv`,
      `${base}/per-query.csv`,
      `${base}/report.json`,
      `${base}/runs/bm25.trec`,
      `${base}/runs/dense.trec`,
      `${base}/runs/hybrid.trec`,
    ]);
  });

  it('a report saved under the results folder opens by its folder name; an unknown id is a 404 page', async () => {
    const saved = await html('/experiments/tiny-grid');
    expect(saved.res.status).toBe(200);
    expect(saved.body).toContain('<h1>Experiment: tiny-grid</h1>');
    expect(saved.body.split('<figure class="chart line-chart"')).toHaveLength(3);
    const missing = await html('/experiments/nope');
    expect(missing.res.status).toBe(404);
    expect(missing.body).toContain('No experiment run or saved report named &quot;nope&quot;');
    expect((await html('/experiments/..%2F..%2Fetc')).res.status).toBe(404);
  });

  it('while running, the page shows progress for the script to follow; a failed run shows its error', () => {
    const running: ExperimentJob = {
      ...job,
      state: 'running',
      progress: { phase: 'retrieving', cell: 'dense', done: 4, total: 15 },
    };
    delete running.report;
    const page = String(
      jsx(ReportPage, {
        source: { kind: 'job', id: job.id, job: running, output: job.output },
        links: {},
        tokenRequired: false,
      }),
    );
    expect(page).toContain(`<section id="report" data-job-id="${job.id}" data-job-state="running">`);
    expect(page).toContain('<progress max="15" value="4"></progress>');
    expect(page).toContain('retrieving dense 4/15');
    const failed = String(
      jsx(ReportPage, {
        source: {
          kind: 'job',
          id: job.id,
          job: { ...running, state: 'failed', error: 'model <missing>' },
          output: job.output,
        },
        links: {},
        tokenRequired: false,
      }),
    );
    expect(failed).toContain('Failed: model &lt;missing&gt;');
  });
});

describe('GET /experiments/:id/queries on the real report', () => {
  it('one row per answerable query with its text from queries.jsonl; counts that add up to the queries both scored', async () => {
    const { res, body } = await html(`/experiments/${job.id}/queries`);
    expect(res.status).toBe(200);
    const rows = all(body, /<tr id="q-([^"]+)"/g);
    expect(rows.sort()).toEqual(Object.keys(report.configs[0]!.perQuery).sort());
    expect(body).toContain('<td class="text-cell">E1042</td>');
    // wins + losses + ties of each configuration against bm25 = the answerable queries
    for (const name of ['dense', 'hybrid']) {
      const row = section(body, `<tr data-config="${name}">`, '</tr>');
      const [wins, losses, ties] = all(row, /<td>(\d+)<\/td>/g).map(Number);
      expect(wins! + losses! + ties!, name).toBe(report.queries.answerable);
    }
  });
});

describe('downloads', () => {
  const get = (url: string) => fx.app.request(`/experiments/${job.id}/download/${url}`);

  it('Markdown and the CSVs are the report rendered by the CLI renderers; JSON is the report', async () => {
    const md = await get('report.md');
    expect(md.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(md.headers.get('content-disposition')).toBe('attachment; filename="tiny-grid.md"');
    expect(await md.text()).toBe(renderMarkdown(report));
    const csv = await get('metrics.csv');
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe(renderCsv(report));
    const perQuery = await get('per-query.csv');
    expect(perQuery.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await perQuery.text()).toBe(renderPerQueryCsv(report));
    expect(await (await get('report.json')).json()).toEqual(report);
  });

  it('a TREC run file is the one the experiment wrote for that configuration', async () => {
    const res = await get('runs/hybrid.trec');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tiny-grid-hybrid.trec"');
    const text = await res.text();
    expect(text).toBe(fs.readFileSync(path.join(fx.resultsRoot, 'tiny-grid', 'runs', 'hybrid.trec'), 'utf8'));
    expect(text.split('\n')[0]).toMatch(/^q\d+ Q0 \S+ 1 \S+ hybrid$/);
    // by saved name too
    expect(await (await fx.app.request('/experiments/tiny-grid/download/runs/hybrid.trec')).text()).toBe(text);
  });

  it('only run files of the report are served', async () => {
    for (const name of ['nope.trec', '..%2F..%2Freport.json', '..%2Freport.md', 'hybrid']) {
      const res = await get(`runs/${name}`);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
    }
    expect((await fx.app.request('/experiments/nope/download/report.md')).status).toBe(404);
  });
});
