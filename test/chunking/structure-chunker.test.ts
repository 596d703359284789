import { describe, expect, it } from 'vitest';
import { structureChunker } from '../../src/chunking/structure-chunker.js';
import { countWords } from '../../src/chunking/words.js';
import { at, doc } from './helpers.js';

const spans = (text: string, max: number) =>
  structureChunker(max)
    .chunk(doc(text))
    .map(({ start, end }) => ({ start, end }));

describe('structureChunker', () => {
  // Word counts (a "#" is a word): headings 2 each; intro 3; the code block 6; the last
  // paragraph 9 = 3 + 4 + 2 over its three sentences.
  const code = '```sh\nnpm install\n\nnpm test\n```';
  const long = 'Alpha beta gamma. Delta epsilon zeta eta. Theta iota.';
  const page = `# Guide\n\nShort intro here.\n\n## Install\n\n${code}\n\n## Usage\n\n${long}\n`;

  it('packs blocks, keeps headings with their block, cuts long paragraphs at sentence ends', () => {
    expect(spans(page, 6)).toEqual([
      // 2 + 3 = 5 words; adding "## Install" would fit (7 > 6 does not), so it moves on.
      at(page, '# Guide\n\nShort intro here.'),
      // The heading stays with the code block even though together they are 8 words, and the
      // blank line inside the fence does not split it.
      at(page, `## Install\n\n${code}`),
      // The 9-word paragraph is over 6: cut after "gamma." (2 + 3 = 5; the next sentence's 4
      // would make 9), never inside a sentence.
      at(page, '## Usage\n\nAlpha beta gamma.'),
      at(page, 'Delta epsilon zeta eta. Theta iota.'),
    ]);
  });

  it('packs the whole page into one chunk when it fits', () => {
    expect(spans(page, countWords(page))).toEqual([at(page, page.trim())]);
  });

  it('cuts by words only a sentence that alone is over max', () => {
    const text = '# T\n\nOne two three four five six seven eight nine ten. Short one.';
    expect(spans(text, 4)).toEqual([
      at(text, '# T\n\nOne two three four'),
      at(text, 'five six seven eight'),
      // The cut-off tail (2 words) and the next sentence (2) pack together again.
      at(text, 'nine ten. Short one.'),
    ]);
  });

  it('splits Chinese paragraphs at 。 and then by characters', () => {
    // 我爱北京。 is 4 words (。 stays with 京), 天安门很大很大。 is 7.
    const text = '我爱北京。天安门很大很大。';
    expect(spans(text, 5)).toEqual([at(text, '我爱北京。'), at(text, '天安门很大'), at(text, '很大。')]);
  });

  it('never ends a chunk on a heading when a block follows', () => {
    const text = 'Four words of text.\n\n# H\n\nTwo more.';
    // "Four words of text." + "# H" is 6 words and would fit, but "# H" must lead "Two more.".
    expect(spans(text, 6)).toEqual([at(text, 'Four words of text.'), at(text, '# H\n\nTwo more.')]);
  });

  it('says its spec and gives nothing for whitespace', () => {
    expect(structureChunker(300).spec).toBe('structure:300');
    expect(structureChunker(5).chunk(doc('\n\n  \n'))).toEqual([]);
  });
});
