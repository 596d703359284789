import { isMeasuredIndexName } from '../experiments/measured-index.js';
import type { PlaygroundView } from './run-playground.js';

/**
 * Which index the lists come from and what it was built with (its meta's chunker, tokenizer and
 * embedder). A report's miss link opens the index the experiment measured, which may be one of
 * the data folder's or the experiment's cached one: this line says which, so a rank that differs
 * from another index's is not a surprise.
 */
export function IndexBuilt({ view }: { view: PlaygroundView }) {
  const b = view.built;
  if (!b || !view.form.index) return null;
  return (
    <p class="legend-note index-built" data-index={view.form.index}>
      Index <code>{view.form.index}</code>
      {isMeasuredIndexName(view.form.index) ? " (the experiment's own, from the server's cache, read-only)" : ''}:
      chunker <code>{b.chunker}</code>, tokenizer <code>{b.tokenizer}</code>, embedder{' '}
      <code>{b.embedder?.id ?? 'none'}</code>.
    </p>
  );
}
