import type { TErrorDetail } from '@cpq/contracts';
import { AppError } from '../../lib/app-error';

/** What the server keeps of a valid model besides its JSON. */
export type TModelIdentity = { key: string; name: string; version: number };

const MODEL_INVALID = 'This is not a valid configuration model.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The problems of a configuration model, each with its path inside the model. The configuration engine's
 * `parseModel` is not importable from the server yet (packages/engine has no package entry point), so this checks
 * the outline every model must have: an `id`, a `name`, and `options` and `pages` arrays.
 */
export function modelIssues(json: unknown): TErrorDetail[] {
  if (!isRecord(json)) return [{ path: 'model', message: 'A model is a JSON object.' }];
  const issues: TErrorDetail[] = [];
  if (!(typeof json.id === 'string' && json.id.trim()) && typeof json.id !== 'number') {
    issues.push({ path: 'model.id', message: 'A model needs an id.' });
  }
  if (!(typeof json.name === 'string' && json.name.trim())) {
    issues.push({ path: 'model.name', message: 'A model needs a name.' });
  }
  for (const field of ['options', 'pages'] as const) {
    if (!Array.isArray(json[field])) issues.push({ path: `model.${field}`, message: `A model needs a ${field} list.` });
  }
  return issues;
}

/** Validates a configuration model; a 400 lists every problem with its path. */
export function validateModel(json: unknown): TModelIdentity {
  const issues = modelIssues(json);
  if (issues.length > 0 || !isRecord(json)) throw new AppError('VALIDATION_FAILED', MODEL_INVALID, issues);
  const version = typeof json.version === 'number' && Number.isInteger(json.version) ? json.version : 1;
  return { key: String(json.id), name: String(json.name), version };
}
