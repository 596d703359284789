import type { ExperimentReport } from '../../reports/report-model.js';
import { failureTarget, failureUrl, type LinkContext } from './failure-link.js';
import type { ConfigResult } from '../../reports/report-model.js';

/** Misses listed per configuration on the page; report.json has them all. */
const SHOWN = 50;

/**
 * The queries each configuration missed at context_k, with why (as far as the testbed can tell)
 * and a link that replays the query in the playground with its gold documents marked, where a
 * relevant passage that was never judged can be added to the gold set.
 */
export function Failures({ report, links }: { report: ExperimentReport; links: LinkContext }) {
  return (
    <>
      <p class="legend-note">
        A miss: no relevant document among the first {report.contextK} results. <em>first relevant</em> is its rank in
        the list {report.retrievalDepth ? `down to ${report.retrievalDepth}` : 'each configuration retrieved'} (rerank
        depth {report.rerankDepth}); <em>found by</em> says which single retriever of the same index finds one within{' '}
        {report.contextK}.
        {links.qrels
          ? null
          : ' The gold set is outside the corpora root, so the playground opens these queries without their judgements.'}
      </p>
      {report.configs.map((c, i) => {
        const target = failureTarget(links, c);
        return (
          <details class="failures" data-config={c.name} open={i === 0}>
            <summary>
              <code>{c.name}</code>: {c.failures.length} of {report.queries.answerable} missed
            </summary>
            {c.failures.length && !target ? <Unavailable config={c} links={links} /> : null}
            {c.failures.length ? (
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">query</th>
                      <th scope="col" class="text-cell">
                        text
                      </th>
                      <th scope="col" class="text-cell">
                        gold (grade)
                      </th>
                      <th scope="col">first relevant</th>
                      <th scope="col" class="text-cell">
                        found by
                      </th>
                      <th scope="col" class="text-cell">
                        cause
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.failures.slice(0, SHOWN).map((f) => (
                      <tr data-query-id={f.queryId}>
                        <th scope="row" class="text-cell">
                          {target ? (
                            <a
                              href={failureUrl(report, c, f, target)}
                              class="replay"
                              title="open in the playground with its gold marked"
                            >
                              {f.queryId}
                            </a>
                          ) : (
                            f.queryId
                          )}
                        </th>
                        <td class="text-cell">{f.query}</td>
                        <td class="text-cell">{f.gold.map((g) => `${g.id} (${g.grade})`).join(', ')}</td>
                        <td>
                          {f.firstRelevantRank ??
                            (report.retrievalDepth ? `not in top ${report.retrievalDepth}` : 'not retrieved')}
                        </td>
                        <td class="text-cell">{f.foundBy}</td>
                        <td class="text-cell">
                          {f.cause}
                          {f.answersAcrossChunks.length ? ` (answer split: ${f.answersAcrossChunks.join(', ')})` : ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {c.failures.length > SHOWN ? (
                  <p class="legend-note">{c.failures.length - SHOWN} more in report.json.</p>
                ) : null}
              </div>
            ) : null}
          </details>
        );
      })}
    </>
  );
}

/** Why a configuration's misses have no playground links: the index it measured is not available. */
function Unavailable({ config, links }: { config: ConfigResult; links: LinkContext }) {
  const m = links.measured?.[config.name];
  const why = m?.kind === 'unavailable' ? m.reason : 'this page was not given the index it measured';
  return (
    <p class="legend-note measured-unavailable">
      The index this configuration measured is not available, so its misses cannot be opened in the playground: {why}.
    </p>
  );
}
