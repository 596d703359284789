import fs from 'node:fs';
import path from 'node:path';
import { redactConfig } from '../remote/redact-config.js';
import type { ExperimentReport } from '../reports/report-model.js';
import type { ExperimentConfig } from './config.js';
import { outputDir } from './output-dir.js';

/** The report saved in an experiment's output folder, or undefined when there is none (or it does not parse). */
export function savedReport(dir: string): ExperimentReport | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')) as ExperimentReport;
  } catch {
    return undefined;
  }
}

/**
 * Whether `report` was made from `config`, as a report records it (redactConfig, through JSON),
 * keys in any order, the output folder left out (a `--out` given on one run and not the other
 * names the same folder). A rerun of the same config writes the report it replaces again.
 */
export function sameConfig(report: ExperimentReport, config: ExperimentConfig): boolean {
  const recorded = JSON.parse(JSON.stringify(redactConfig(config))) as unknown;
  return sortedJson(withoutOutput(report.config)) === sortedJson(withoutOutput(recorded));
}

/**
 * What a run of `config` would replace in its output folder: the report of another config
 * (another experiment of the same name, or one edited since), described for a message, or
 * undefined when the folder has no report or one of this same config. The server refuses such a
 * run (a job reading `done` still points at that report); the CLI, where editing a config and
 * running it again is the usual loop, says so before it starts.
 */
export function replacedReport(config: ExperimentConfig): string | undefined {
  const dir = outputDir(config);
  const report = savedReport(dir);
  if (!report || sameConfig(report, config)) return undefined;
  return `${dir} holds the report of another configuration of experiment "${report.name}" (written ${report.createdAt})`;
}

function withoutOutput(config: unknown): unknown {
  if (!config || typeof config !== 'object') return config;
  const { output: _output, ...rest } = config as Record<string, unknown>;
  return rest;
}

function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
