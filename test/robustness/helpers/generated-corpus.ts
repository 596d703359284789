import fs from 'node:fs';

/**
 * Writes a deterministic JSONL corpus of `docs` documents of `words` words each, drawn from a
 * fixed vocabulary with a seeded generator. Big enough (thousands of documents) that an index
 * build lasts a second or two, so a test can kill it in each phase; no download, no shared
 * folder needed. Every document also carries its own marker word (`docNNNNN`), so a search
 * for it has exactly one right answer.
 */
export function writeGeneratedCorpus(file: string, docs: number, words = 120, seed = 1): void {
  const vocab = vocabulary(3000, seed);
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: deterministic across runs and machines
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
  const lines: string[] = [];
  for (let d = 0; d < docs; d++) {
    const id = `doc${String(d).padStart(5, '0')}`;
    const text: string[] = [id];
    for (let w = 0; w < words; w++) {
      // Zipf-like: low ranks far more often, as in natural text
      const r = next() / 2 ** 32;
      text.push(vocab[Math.floor(vocab.length * r * r * r)]!);
      if (w % 15 === 14) text[text.length - 1] += '.';
    }
    lines.push(JSON.stringify({ _id: id, title: `Document ${d} ${vocab[d % vocab.length]}`, text: text.join(' ') }));
  }
  fs.writeFileSync(file, lines.join('\n') + '\n');
}

function vocabulary(size: number, seed: number): string[] {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const out = new Set<string>();
  let x = seed * 2654435761;
  while (out.size < size) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const len = 3 + (x % 7);
    let w = '';
    let y = x;
    for (let i = 0; i < len; i++) {
      w += letters[y % 26];
      y = Math.floor(y / 26) + i * 7919;
    }
    out.add(w);
  }
  return [...out];
}
