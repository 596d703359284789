// Lives in reports/ so a report can name its own folder's files; re-exported for the runner and the CLI.
export { outputDir } from '../reports/output-paths.js';
