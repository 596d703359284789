// Entry of a traffic summary worker thread (summary-threads.ts starts it): plain JavaScript, so
// it starts whatever runs the server, as search-worker.mjs does. From dist/ the worker's code sits
// beside it, compiled; from src/ (vitest, tsx) there is only summary-worker-main.ts, and a worker
// does not inherit the TypeScript loader of the thread that started it, so tsx's is registered.
import fs from 'node:fs';

const compiled = new URL('./summary-worker-main.js', import.meta.url);
if (fs.existsSync(compiled)) {
  await import(compiled.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('./summary-worker-main.ts', import.meta.url).href);
}
