import type { Hit } from '../ranking/hit.js';
import type { IndexReader } from '../store/index-reader.js';
import type { HitView } from './types.js';

/** A ranked hit as the API shows it: its passage's title, text and offsets from the index. */
export function hydrate(reader: IndexReader, h: Hit): HitView {
  const c = reader.chunk(h.chunkId);
  const view: HitView = {
    rank: h.rank,
    id: h.id,
    doc_id: h.docId,
    score: h.score,
    title: c?.title ?? '',
    text: c?.text ?? '',
    start: c?.start ?? 0,
    end: c?.end ?? 0,
  };
  if (h.sources) view.sources = h.sources;
  return view;
}
