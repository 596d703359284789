/**
 * A SciFact-sized corpus for measuring how chunking scales: 5,000 abstracts of 250 words in
 * sentences of 17 words, and `joined(n)`, the first n abstracts as one long document. Shared by
 * the work-counting test (performance.test.ts) and the wall-clock bench (bench/chunking-scale.ts),
 * so both measure the same input.
 */
const vocabulary = 'Cell protein gene expression levels were increased in patients with'.split(' ');
const abstract = (seed: number) =>
  Array.from({ length: 250 }, (_, i) => {
    const word = vocabulary[(i * 7 + seed) % vocabulary.length]!;
    if (i % 17 === 0) return word[0]!.toUpperCase() + word.slice(1);
    return i % 17 === 16 ? `${word}.` : word;
  }).join(' ');

export const docs = Array.from({ length: 5000 }, (_, i) => ({ id: `${i}`, title: '', text: abstract(i) }));

export const joined = (n: number) =>
  docs
    .slice(0, n)
    .map((d) => d.text)
    .join('\n\n');
