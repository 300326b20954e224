import type { TErrorDetail } from '@cpq/contracts';

/** Field errors by their path inside the model ('options[0].caption'), from the server's details on `model...`. */
export function errorsByPath(details: readonly TErrorDetail[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of details) {
    const path = detail.path === 'model' ? '' : detail.path.replace(/^model\.?/, '');
    errors[path] = errors[path] ? `${errors[path]} ${detail.message}` : detail.message;
  }
  return errors;
}

/** The errors at `prefix` or below it, for a section to say it has some. */
export const countUnder = (errors: Record<string, string>, prefix: string): number =>
  Object.keys(errors).filter(
    (path) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`),
  ).length;
