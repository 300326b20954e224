import { msgModelTooComplex, type TErrorDetail } from '@cpq/contracts';
import {
  type CompiledDiagram,
  type CompiledProduct,
  ModelValidationError,
  type ProductModel,
  parseModel,
} from '@cpq/engine';
import type { CompiledModels } from '../../compiler/compiled-models';
import { ModelTooComplexError, type TModelCompiler } from '../../compiler/model-compiler';
import { AppError } from '../../lib/app-error';

/** What the server keeps of a valid model besides its JSON, and the model as the engine parsed it. */
export type TModelIdentity = { key: string; name: string; version: number; parsed: ProductModel };

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
    return { key: model.id, name: model.name, version: model.version, parsed: model };
  } catch (error) {
    throw refusalOf(error);
  }
}

/** The engine's refusal of a model as the 400 that lists its problems; any other error as it is. */
function refusalOf(error: unknown): unknown {
  if (error instanceof ModelValidationError) {
    return new AppError('VALIDATION_FAILED', MODEL_INVALID, error.issues.map(toDetail));
  }
  return error;
}

/**
 * Compiles a valid model in the compiler's worker threads, as a start would, to refuse at save time what no user
 * could configure: a 422 says which limit the model ran into and what to change. Answers the compiled model and
 * its diagram (to store).
 */
export async function compileToSave(
  ctx: { compiler: TModelCompiler; models: CompiledModels },
  model: ProductModel,
): Promise<{ compiled: CompiledProduct; diagram: CompiledDiagram }> {
  try {
    const { diagram } = await ctx.compiler.compile(model);
    return { compiled: ctx.models.assemble(model, diagram), diagram };
  } catch (error) {
    if (!(error instanceof ModelTooComplexError)) throw refusalOf(error);
    const message = msgModelTooComplex(error.limit);
    throw new AppError('MODEL_TOO_COMPLEX', message, [{ path: 'model', message }]);
  }
}
