import path from 'node:path';
import { fileSafe } from '../../reports/file-safe.js';
import type { ExperimentReport } from '../../reports/report-model.js';
import { procedure } from '../../reports/pair-test-words.js';
import { Layout } from '../layout.js';
import { ConfigTable, HybridTable, SignificanceTable } from './config-table.js';
import type { LinkContext } from './failure-link.js';
import { Failures } from './failures.js';
import { JobProgress } from './job-progress.js';
import { JudgedTable } from './judged-table.js';
import { LanguageLegs, languageSlices } from './language-legs.js';
import { OverlapBySourceTable } from './overlap-table.js';
import { Curves, QualityCost, SliceCharts, SourceGap } from './report-charts.js';
import type { ReportSource } from './report-source.js';
import { HybridVerdicts, SliceVerdicts, VerdictSection } from './verdict-section.js';

/** A report page: the finished report, or the job's progress (or error) until there is one. */
export function ReportPage({
  source,
  links,
  tokenRequired,
}: {
  source: ReportSource;
  links: LinkContext;
  tokenRequired: boolean;
}) {
  const title = source.report
    ? `Experiment: ${source.report.name}`
    : `Experiment: ${source.kind === 'job' ? source.job.name : source.id}`;
  return (
    <Layout title={title} section="experiments" tokenRequired={tokenRequired}>
      <div id="status" role="status" aria-live="polite"></div>
      <ReportBody source={source} links={links} title={title} />
    </Layout>
  );
}

/** How a job that ended without a report is introduced. */
const ENDED: Record<'done' | 'failed' | 'interrupted' | 'cancelled', string> = {
  done: 'Done',
  failed: 'Failed',
  interrupted: 'Interrupted',
  cancelled: 'Cancelled',
};

function ReportBody({ source, links, title }: { source: ReportSource; links: LinkContext; title: string }) {
  if (source.kind === 'job' && source.job.state !== 'done') {
    const job = source.job;
    return (
      <section id="report" data-job-id={job.id} data-job-state={job.state}>
        <h1>{title}</h1>
        {job.state === 'running' || job.state === 'queued' ? (
          <p>
            {job.state === 'running' ? 'Running' : 'Queued, behind other jobs,'} since {job.startedAt}:{' '}
            <JobProgress job={job} />. This page shows the report when it is done.
          </p>
        ) : (
          <p class="error" role="alert">
            {ENDED[job.state]}: {job.error ?? 'unknown error'}
          </p>
        )}
      </section>
    );
  }
  const report = source.report!;
  return (
    <section id="report" data-report={report.name}>
      <h1>{title}</h1>
      <ReportHeader report={report} />
      <VerdictSection report={report} />
      <h2>Configurations</h2>
      <p class="legend-note">
        Means over {report.queries.answerable} answerable queries. Green and bold: best in its column. †: differs from
        the baseline <code>{report.baseline}</code>{' '}
        {report.allPairs
          ? `significantly by ${procedure(report.allPairs)}`
          : 'at p < 0.05 (paired randomization test, uncorrected)'}{' '}
        (hover for Δ and p).
      </p>
      <ConfigTable report={report} />
      <HybridVerdicts report={report} />
      <p>
        <a href={`/experiments/${encodeURIComponent(source.id)}/queries`} id="per-query-link">
          Per-query table
        </a>
        : each query's value per configuration, wins and losses against the baseline.
      </p>
      <Downloads id={source.id} report={report} />
      {report.configs.some((c) => c.judged) ? (
        <>
          <h2>Judged</h2>
          <JudgedTable report={report} folder={path.basename(source.output)} />
        </>
      ) : null}
      <h2>Quality and cost</h2>
      <QualityCost report={report} />
      <h2>Recall curves</h2>
      <p class="legend-note">
        recall@k: share of a query's relevant documents in the top k. hit@k: share of queries with at least one.
        context_k = {report.contextK}, rerank depth = {report.rerankDepth}.
      </p>
      <Curves report={report} />
      {report.configs[0]?.slices.length ? (
        <>
          <h2>Slices</h2>
          <SliceVerdicts report={report} />
          <SliceCharts report={report} />
        </>
      ) : null}
      {languageSlices(report).length ? (
        <>
          <h2>Languages: where a leg is dead</h2>
          <LanguageLegs report={report} />
        </>
      ) : null}
      {report.sourceGap?.length ? (
        <>
          <h2>Real vs synthetic queries</h2>
          <SourceGap report={report} />
        </>
      ) : null}
      {report.overlapBySource?.sources.length ? (
        <>
          <h2>Query-document overlap by source</h2>
          <OverlapBySourceTable report={report} />
        </>
      ) : null}
      {report.configs.some((c) => c.bestSingle) ? (
        <>
          <h2>Each hybrid next to the best single retriever</h2>
          <HybridTable report={report} />
        </>
      ) : null}
      {report.configs.some((c) => c.significance) ? (
        <>
          <h2>Against the baseline</h2>
          <SignificanceTable report={report} />
        </>
      ) : null}
      <h2>Misses at context_k = {report.contextK}</h2>
      <Failures report={report} links={links} />
      {report.checks.length ? (
        <>
          <h2>Checks</h2>
          <ul class="checks">
            {report.checks.map((c) => (
              <li>
                <span class={c.passed ? 'pass' : 'fail'}>{c.passed ? 'PASS' : 'FAIL'}</span> {c.description}: {c.detail}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function ReportHeader({ report }: { report: ExperimentReport }) {
  const q = report.queries;
  return (
    <>
      {report.description ? <p>{report.description}</p> : null}
      <p class="meta-line">
        Corpus <code>{report.config.corpus}</code>, {report.level} level. {q.total} queries: {q.answerable} answerable,{' '}
        {q.unanswerable.length} without a relevant document (left out). {report.configs.length} configurations. Wall
        time {report.wallSeconds.toFixed(1)} s. testbed {report.testbedVersion}, {report.createdAt}.
      </p>
    </>
  );
}

function Downloads({ id, report }: { id: string; report: ExperimentReport }) {
  const base = `/experiments/${encodeURIComponent(id)}/download`;
  return (
    <nav aria-label="Downloads">
      <ul class="downloads">
        <li>
          <a href={`${base}/report.md`} download>
            Markdown
          </a>
        </li>
        <li>
          <a href={`${base}/metrics.csv`} download>
            CSV
          </a>
        </li>
        <li>
          <a href={`${base}/per-query.csv`} download>
            Per-query CSV
          </a>
        </li>
        <li>
          <a href={`${base}/report.json`} download>
            JSON
          </a>
        </li>
        {report.configs.map((c) => (
          <li>
            <a href={`${base}/runs/${encodeURIComponent(fileSafe(c.name))}.trec`} download>
              TREC run: {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
