import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TModelSummary } from '@cpq/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { validateModel } from './model-validation';

/** The demo models shipped with the app: `models/*.json` at the repository root. */
export const DEMO_MODELS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../../../models');

/**
 * Reads the demo models of a folder. A missing or empty folder gives none; a file that is not a valid model is
 * skipped with a warning, so one broken file does not hide the others.
 */
export async function readDemoModels(dir: string, log?: FastifyBaseLogger): Promise<TModelSummary[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const models: TModelSummary[] = [];
  for (const fileName of names) {
    try {
      const model: unknown = JSON.parse(await readFile(join(dir, fileName), 'utf8'));
      const identity = validateModel(model);
      models.push({
        id: null,
        source: 'demo',
        ...identity,
        productId: null,
        fileName,
        createdAt: null,
        model: model as Record<string, unknown>,
      });
    } catch (error) {
      const reason = error instanceof AppError ? error.details : String(error);
      log?.warn({ fileName, reason }, 'skipped an invalid demo model');
    }
  }
  return models;
}
