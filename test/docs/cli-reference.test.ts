import { describe, expect, it } from 'vitest';
import { cliReference } from '../../src/cli/cli-reference.js';
import { loadCommands } from '../../src/cli/command-table.js';
import { readDoc } from './markdown.js';

describe('docs/cli.md', () => {
  it('ends with the CLI reference generated from every command (it cannot go stale; npm run docs rewrites it)', async () => {
    const page = readDoc('docs/cli.md');
    for (const c of await loadCommands())
      expect(page, `docs/cli.md is missing the current usage of "${c.name}"`).toContain(c.usage);
    expect(page.slice(page.indexOf('## CLI reference'))).toBe(await cliReference());
  });
});
