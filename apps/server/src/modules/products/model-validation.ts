import type { TErrorDetail } from '@cpq/contracts';
import { ModelValidationError, parseModel } from '@cpq/engine';
import { AppError } from '../../lib/app-error';

/** What the server keeps of a valid model besides its JSON. */
export type TModelIdentity = { key: string; name: string; version: number };

const MODEL_INVALID = 'This is not a valid configuration model.';

/** The engine's issue `options[3].values[1].value: message` as a detail under the request's `model` field. */
function toDetail(issue: string): TErrorDetail {
  const at = issue.indexOf(': ');
  const path = at < 0 ? '' : issue.slice(0, at);
  const message = at < 0 ? issue : issue.slice(at + 2);
  return { path: path === '' ? 'model' : path.startsWith('[') ? `model${path}` : `model.${path}`, message };
}

/**
 * Validates a configuration model with the configuration engine (shape and cross-references); a 400 lists every
 * problem the engine found, each with its path inside the model.
 */
export function validateModel(json: unknown): TModelIdentity {
  try {
    const model = parseModel(json);
    return { key: model.id, name: model.name, version: model.version };
  } catch (error) {
    if (error instanceof ModelValidationError) {
      throw new AppError('VALIDATION_FAILED', MODEL_INVALID, error.issues.map(toDetail));
    }
    throw error;
  }
}
