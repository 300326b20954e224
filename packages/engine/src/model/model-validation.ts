import { ModelValidationError } from './errors';
import { domainOf, isFiniteOption, type ModelOption, type ProductModel, ZProductModel } from './model';
import { analyseExpressions } from './model-expressions';

type Path = readonly (string | number | symbol)[];

/** Formats a path as `options[3].values[1].value`. */
export const formatPath = (path: Path): string =>
  path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? String(part) : `.${String(part)}`))
    .join('');

const pushDuplicates = (issues: string[], ids: readonly string[], where: (index: number) => string, what: string) => {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) issues.push(`${where(index)}: duplicate ${what} '${id}'`);
    seen.add(id);
  });
};

const checkOptions = (model: ProductModel, issues: string[]) => {
  pushDuplicates(
    issues,
    model.options.map((option) => option.id),
    (i) => `options[${i}].id`,
    'option id',
  );
  model.options.forEach((option, i) => {
    if (option.kind === 'single' && (option.values ?? []).length === 0) {
      issues.push(`options[${i}].values: a single option needs at least one value`);
    }
    pushDuplicates(
      issues,
      (option.values ?? []).map((entry) => entry.value),
      (j) => `options[${i}].values[${j}].value`,
      'value',
    );
    if (option.kind === 'boolean') {
      (option.values ?? []).forEach((entry, j) => {
        if (entry.value !== 'True' && entry.value !== 'False') {
          issues.push(`options[${i}].values[${j}].value: a boolean option's values are 'True' and 'False'`);
        }
      });
    }
  });
};

const checkPages = (model: ProductModel, byId: Map<string, ModelOption>, issues: string[]) => {
  pushDuplicates(
    issues,
    model.pages.map((page) => page.id),
    (i) => `pages[${i}].id`,
    'page id',
  );
  model.pages.forEach((page, i) => {
    pushDuplicates(
      issues,
      page.screens.map((screen) => screen.id),
      (j) => `pages[${i}].screens[${j}].id`,
      'screen id',
    );
    page.screens.forEach((screen, j) => {
      screen.options.forEach((optionId, k) => {
        if (!byId.has(optionId)) issues.push(`pages[${i}].screens[${j}].options[${k}]: unknown option '${optionId}'`);
      });
    });
  });
};

const checkTable = (
  table: Extract<ProductModel['constraints'][number], { kind: 'table' }>,
  i: number,
  byId: Map<string, ModelOption>,
  issues: string[],
) => {
  const domains: (Set<string> | undefined)[] = table.options.map((optionId, k) => {
    const option = byId.get(optionId);
    if (!option) issues.push(`constraints[${i}].options[${k}]: unknown option '${optionId}'`);
    else if (!isFiniteOption(option)) {
      issues.push(`constraints[${i}].options[${k}]: option '${optionId}' is ${option.kind}, not single or boolean`);
    } else return new Set(domainOf(option));
    return undefined;
  });
  pushDuplicates(issues, table.options, (k) => `constraints[${i}].options[${k}]`, 'option in scope');
  table.tuples.forEach((tuple, j) => {
    if (tuple.length !== table.options.length) {
      issues.push(`constraints[${i}].tuples[${j}]: has ${tuple.length} values, expected ${table.options.length}`);
      return;
    }
    tuple.forEach((value, k) => {
      const domain = domains[k];
      if (domain && !domain.has(value)) {
        issues.push(`constraints[${i}].tuples[${j}][${k}]: '${value}' is not a value of option '${table.options[k]}'`);
      }
    });
  });
};

/** Checks the references the schema cannot express; returns one message per problem, each with its path. */
export const crossReferenceIssues = (model: ProductModel): string[] => {
  const issues: string[] = [];
  const byId = new Map(model.options.map((option) => [option.id, option]));
  checkOptions(model, issues);
  checkPages(model, byId, issues);
  pushDuplicates(
    issues,
    model.constraints.map((constraint) => constraint.id),
    (i) => `constraints[${i}].id`,
    'constraint id',
  );
  model.constraints.forEach((constraint, i) => {
    if (constraint.kind === 'table') checkTable(constraint, i, byId, issues);
  });
  return issues;
};

/**
 * Validates unknown JSON as a product model: shape (zod), cross-references, then every expression (parsed and
 * type-checked against the model's options and params; issues read `constraints[2].rule: unknown option 'colr' at 1:1`).
 * Throws a {@link ModelValidationError} listing every issue with its path, e.g. `options[3].values[1].value: ...`.
 */
export const parseModel = (json: unknown): ProductModel => {
  const result = ZProductModel.safeParse(json);
  if (!result.success) {
    throw new ModelValidationError(result.error.issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`));
  }
  const issues = [...crossReferenceIssues(result.data), ...analyseExpressions(result.data).issues];
  if (issues.length > 0) throw new ModelValidationError(issues);
  return result.data;
};
