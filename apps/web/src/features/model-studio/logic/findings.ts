import type { TCheckModelResult, TErrorDetail } from '@cpq/contracts';

export type TFindingItem = { severity: 'error' | 'warning' | 'info'; message: string; where: string | null };
/** What the studio lists after a check or a refused publish. */
export type TFindingsReport = { title: string; items: TFindingItem[]; configurations: string | null };

/** A place in the model as the author reads it ('constraints[0]' -> 'Rules, rule 1'). */
export function placeOf(path: string): string | null {
  const inner = path.replace(/^model\.?/, '');
  if (inner === '') return null;
  const match = /^(options|constraints|pages)\[(\d+)\]/.exec(inner);
  if (!match) return inner;
  const label = { options: 'Options, option', constraints: 'Rules, rule', pages: 'Pages, page' }[
    match[1] as 'options' | 'constraints' | 'pages'
  ];
  return `${label} ${Number(match[2]) + 1}`;
}

/** A refused publish: each finding or validation problem with where it is. */
export const publishRefusalOf = (details: readonly TErrorDetail[]): TFindingsReport => ({
  title: 'Not published: fix these first',
  items: details.map((detail) => ({ severity: 'error', message: detail.message, where: placeOf(detail.path) })),
  configurations: null,
});

/** The model check's answer: errors first, then warnings, then information. */
export function checkReportOf(result: TCheckModelResult): TFindingsReport {
  const order = { error: 0, warning: 1, info: 2 } as const;
  const items = [...result.findings]
    .sort((a, b) => order[a.severity] - order[b.severity])
    .map((finding) => ({
      severity: finding.severity,
      message: finding.fix ? `${finding.message} ${finding.fix}` : finding.message,
      where: [...finding.constraints, ...finding.options].join(', ') || null,
    }));
  return {
    title: items.length === 0 ? 'The check found no problems' : 'What the check found',
    items,
    configurations: result.configurations,
  };
}
