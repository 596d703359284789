import type { InterleavingsJson } from '../../traffic/interleaving/interleaving-report.js';
import { px } from '../charts/frame.js';

type Pair = InterleavingsJson['interleavings'][number];

const WIDTH = 200;
const HEIGHT = 18;
const signed = (d: number) => (d > 0 ? '+' : '') + d.toFixed(3);
/** Δ in [-1, 1] to x: -1 at the left edge, 0 in the middle, +1 at the right (to 0.01, as the charts write it). */
const x = (d: number) => px(((d + 1) / 2) * WIDTH);

/**
 * The home page's interleaving results (GET /traffic/interleavings): per pair of arms, the
 * searches with clicks, wins and ties, and a preference bar from 0 to Δ with its bootstrap 95%
 * interval as whiskers: left of the middle favours B, right favours A. The winner is named only
 * when the sign test decides (p < 0.05), with how many more searches an undecided pair needs.
 */
export function InterleavingsSection({ answer }: { answer: InterleavingsJson }) {
  if (answer.interleavings.length === 0) return null;
  return (
    <div id="interleavings">
      <h3 id="interleavings-h">Interleavings</h3>
      <div class="table-wrap">
        <table aria-labelledby="interleavings-h">
          <thead>
            <tr>
              <th scope="col">interleaving</th>
              <th scope="col">A vs B</th>
              <th scope="col">searches with clicks</th>
              <th scope="col">wins A : B, ties</th>
              <th scope="col">preference (B ← Δ → A), 95% interval</th>
              <th scope="col">p</th>
              <th scope="col">winner</th>
            </tr>
          </thead>
          <tbody>
            {answer.interleavings.map((pair) => (
              <tr data-interleaving={pair.name} data-arms={pair.arms.join(' ')}>
                <th scope="row" class="text-cell">
                  {pair.name} <span class="hint">({pair.method})</span>
                </th>
                <td class="text-cell">
                  {pair.arms[0]} vs {pair.arms[1]}
                </td>
                <td>{pair.searches}</td>
                <td>
                  {pair.wins[pair.arms[0]]} : {pair.wins[pair.arms[1]]}, {pair.ties}
                </td>
                <td>
                  <PreferenceBar pair={pair} />
                </td>
                <td>{pair.p === null ? '-' : pair.p < 1e-4 ? pair.p.toExponential(2) : pair.p.toFixed(4)}</td>
                <td class="text-cell">{verdict(pair)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function verdict(pair: Pair): string {
  if (pair.winner !== null) return pair.winner;
  if (pair.more_searches_needed === null) return 'none (no difference to tell)';
  return `none yet (about ${pair.more_searches_needed} more searches)`;
}

function PreferenceBar({ pair }: { pair: Pair }) {
  if (pair.delta === null) return <span class="hint">no clicks</span>;
  const label =
    `Δ ${signed(pair.delta)}` + (pair.ci95 ? `, 95% interval ${signed(pair.ci95[0])} to ${signed(pair.ci95[1])}` : '');
  const from = Math.min(0, pair.delta);
  const mid = HEIGHT / 2;
  return (
    <span class="preference">
      <svg
        class="preference-bar"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        role="img"
        aria-label={label}
      >
        <title>{label}</title>
        <line class="axis-line" x1="0" x2={WIDTH} y1={mid} y2={mid} />
        <rect
          class="preference-delta"
          x={x(from)}
          y={mid - 5}
          width={px((Math.abs(pair.delta) / 2) * WIDTH)}
          height="10"
        />
        {pair.ci95 && (
          <g class="preference-interval">
            <line x1={x(pair.ci95[0])} x2={x(pair.ci95[1])} y1={mid} y2={mid} />
            <line x1={x(pair.ci95[0])} x2={x(pair.ci95[0])} y1={mid - 6} y2={mid + 6} />
            <line x1={x(pair.ci95[1])} x2={x(pair.ci95[1])} y1={mid - 6} y2={mid + 6} />
          </g>
        )}
        <line class="preference-zero" x1={x(0)} x2={x(0)} y1="0" y2={HEIGHT} />
      </svg>{' '}
      {signed(pair.delta)}
    </span>
  );
}
