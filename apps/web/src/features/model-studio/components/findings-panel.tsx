import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { TFindingsReport } from '../logic/findings';

const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Note' } as const;

/** The model check's findings, or why publishing was refused: each problem, its fix and where it is. */
export function FindingsPanel({ report, onClose }: { report: TFindingsReport; onClose: () => void }) {
  const hasErrors = report.items.some((item) => item.severity === 'error');
  const severity = hasErrors ? 'error' : report.items.length > 0 ? 'warning' : 'success';
  return (
    <Alert severity={severity} onClose={onClose} role={hasErrors ? 'alert' : 'status'} aria-label="Model check">
      <AlertTitle>{report.title}</AlertTitle>
      {report.configurations !== null && `Valid configurations: ${report.configurations}.`}
      {report.items.length > 0 && (
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {report.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: findings may repeat; their order is their identity
            <li key={index}>
              <strong>{SEVERITY_LABEL[item.severity]}</strong>
              {item.where ? ` (${item.where})` : ''}: {item.message}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
