// Public API of corpus downloading: the BEIR registry, the download itself and its pieces.
export { BEIR_BASE_URL, BEIR_DATASETS, BEIR_NAMES, beirDataset, type BeirDataset, type BeirName } from './datasets.js';
export { downloadCorpus, type DownloadCorpusOptions, type DownloadCorpusResult } from './download-corpus.js';
export { listDatasets, type DatasetStatus } from './list-datasets.js';
export { datasetTable } from './dataset-table.js';
export { byteProgress, progressText, type ProgressSink } from './byte-progress.js';
export { fetchToFile, type FetchOptions, type FetchProgress, type FetchResult } from './fetch-to-file.js';
export { downloadFiles, DOWNLOADS_FOLDER } from './fetch-verified.js';
export { extractZip } from './extract-zip.js';
export { safeEntryPath } from './safe-entry-path.js';
export { datasetRoot, missingBeirFiles, type BeirLayout } from './beir-layout.js';
export { DEFAULT_SHARED_DIR } from './manual-hint.js';
export { md5File } from './md5-file.js';
export { formatBytes } from './format-bytes.js';
