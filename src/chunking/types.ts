/**
 * A passage of a document. `start`/`end` are UTF-16 offsets into the document's original `text`
 * (`doc.text.slice(start, end) === chunk.text`), so a report can show where the passage sits and
 * whether an answer crosses a chunk boundary.
 */
export interface Chunk {
  /** `${docId}#${ordinal}` */
  id: string;
  docId: string;
  ordinal: number;
  start: number;
  end: number;
  title: string;
  text: string;
}
