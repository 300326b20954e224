import type { TErrorDetail } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** Why publishing was refused: each problem with where it is in the model. */
export function FindingsPanel({ findings, onClose }: { findings: TErrorDetail[]; onClose: () => void }) {
  return (
    <Alert severity="error" onClose={onClose} role="alert">
      <AlertTitle>Not published</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 18 }}>
        {findings.map((finding) => (
          <li key={`${finding.path}:${finding.message}`}>
            {finding.path && finding.path !== 'model' ? <code>{finding.path.replace(/^model\.?/, '')}</code> : null}
            {finding.path && finding.path !== 'model' ? ': ' : null}
            {finding.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
