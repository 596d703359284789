import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { listen } from '../../../src/http/start-server.js';
import { buildIndex } from '../../../src/indexing/build-index.js';
import { QueryLog } from '../../../src/traffic/query-log.js';
import { TINY_EXPERIMENT, webFixture } from '../../web/helpers/web-fixture.js';
import { writeJsonl } from '../../helpers/lexical-fixtures.js';

// A second, lexical-only index of three languages (`multilingual` tokenizer): a few
// milliseconds to build, and the playground's highlighting of Chinese and German is then seen in
// a browser. Named after `tiny` so `tiny` stays the default index.
const MULTILINGUAL_DOCS = [
  { _id: 'zh-reset', text: '如何重置您的密码：在登录页面选择忘记密码。', metadata: { language: 'zh' } },
  { _id: 'de-reset', text: 'Vergessene Kennwörter setzt der Administrator zurück.', metadata: { language: 'de' } },
  { _id: 'en-reset', text: 'How to reset your password on the sign-in page.', metadata: { language: 'en' } },
];

export interface WebServer {
  url: string;
  root: string;
  corporaRoot: string;
  /** The tiny fixture's qrels inside the corpora root, as `qrels=` takes it. */
  qrels: string;
  /** Where POST /gold appends for that qrels file. */
  additionsFile: string;
  close(): Promise<void>;
}

/**
 * The real app on 127.0.0.1, port 0, over a fresh folder (see webFixture: the tiny fixture as
 * corpus and gold set, its index built with the hash embedder, one experiment config), and the
 * index `tiny-multilingual` above. Removed again by close().
 */
export async function startWebServer(): Promise<WebServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'testbed-web-'));
  // The server logs its traffic (testbed serve --log-queries), so the home page shows it.
  const queryLog = await QueryLog.open(path.join(root, 'traffic'));
  const { app, catalog, corporaRoot } = await webFixture(root, { queryLog });
  // A second config without a description: its Start button must line up with the first's.
  fs.writeFileSync(
    path.join(root, 'experiments', 'tiny-bm25.yaml'),
    TINY_EXPERIMENT.replace(/^name: tiny-grid\n/, 'name: tiny-bm25\n').replace(/^description: .*\n/m, ''),
  );
  const multilingualCorpus = path.join(root, 'multilingual.jsonl');
  writeJsonl(multilingualCorpus, MULTILINGUAL_DOCS);
  await buildIndex({
    corpus: multilingualCorpus,
    out: path.join(root, 'data', 'tiny-multilingual.sqlite'),
    chunker: 'doc',
    embedder: 'none',
    tokenizer: 'multilingual',
  });
  // The same HTTP layer `testbed serve` uses (header limit, JSON answers to malformed requests).
  const server = await listen(app.fetch, '127.0.0.1', 0);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    root,
    corporaRoot,
    qrels: 'tiny/qrels/test.tsv',
    additionsFile: path.join(corporaRoot, 'tiny', 'qrels', 'test.tsv.additions.jsonl'),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await catalog.close();
      await queryLog.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
