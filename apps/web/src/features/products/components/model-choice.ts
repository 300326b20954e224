import type { TModelSummary } from '@cpq/contracts';

/**
 * What the product will use as its configuration model when saved: what it has now, an uploaded version (by id),
 * or a model JSON (a demo model or a file) that productManagement/saveModel stores as the product's next version.
 */
export type TModelChoice =
  | { kind: 'keep' }
  | { kind: 'version'; id: number }
  | { kind: 'json'; key: string; label: string; model: Record<string, unknown> };

export const KEEP_MODEL: TModelChoice = { kind: 'keep' };

/** The select's value for a listed model: uploaded versions by id, demo models by file. */
export const modelOptionValue = (model: TModelSummary): string =>
  model.id !== null ? `version:${model.id}` : `demo:${model.fileName ?? model.key}`;

export const modelLabel = (model: TModelSummary): string =>
  model.source === 'demo' ? `${model.name} (demo, v${model.version})` : `${model.name} v${model.version}`;

/** The listed model a select value names, as a choice. */
export function choiceFromOption(value: string, models: TModelSummary[]): TModelChoice {
  const model = models.find((item) => modelOptionValue(item) === value);
  if (!model) return KEEP_MODEL;
  if (model.id !== null) return { kind: 'version', id: model.id };
  return { kind: 'json', key: value, label: modelLabel(model), model: model.model };
}

/** Reads an uploaded model file; anything that is not a JSON object is refused with a readable message. */
export async function readModelFile(file: File): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not valid JSON.`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error(`${file.name} does not hold a configuration model (a JSON object).`);
  }
  return parsed as Record<string, unknown>;
}
