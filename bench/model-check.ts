/**
 * Checks product models and prints what the check proves about them (see packages/engine/src/check/README.md):
 * errors, warnings and notes, each with its fix and example configuration. Exit code 1 when any finding is an
 * error, else 0. JSON models and XCSP instances (`.xml`) are read.
 *
 *   npm run model:check -- models/bicycle.json [more models...] [--budget-ms 10000]
 */
import { readFileSync } from 'node:fs';
import { checkModel, importXcsp, parseModel } from '@cpq/engine';

const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget-ms');
const budgetMs = budgetAt >= 0 ? Number(args[budgetAt + 1]) : undefined;
const files = args.filter((arg, i) => !arg.startsWith('--') && (budgetAt < 0 || i !== budgetAt + 1));
if (files.length === 0) {
  console.error('usage: npm run model:check -- <model.json|instance.xml> [...] [--budget-ms <ms>]');
  process.exit(2);
}

let errors = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const model = file.endsWith('.xml') ? importXcsp(text) : parseModel(JSON.parse(text));
  const report = checkModel(model, budgetMs === undefined ? {} : { budgetMs });
  const counts = { error: 0, warning: 0, info: 0 };
  for (const finding of report.findings) counts[finding.severity] += 1;
  errors += counts.error;
  console.log(
    `${file}: ${report.configurations ?? 'unknown'} valid configurations; ${counts.error} errors, ` +
      `${counts.warning} warnings, ${counts.info} notes (${report.ms.toFixed(0)} ms)`,
  );
  for (const finding of report.findings) {
    console.log(`  ${finding.severity.toUpperCase()} ${finding.kind}: ${finding.message}`);
    if (finding.fix) console.log(`    fix: ${finding.fix}`);
    if (finding.example) console.log(`    example: ${JSON.stringify(finding.example)}`);
  }
}
process.exit(errors > 0 ? 1 : 0);
