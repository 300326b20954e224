import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { errorText } from '../../../lib/api';
import { PageSpinner } from '../../../ui/page-spinner';
import { useModelVersions } from '../hooks/use-model-versions';

/** The product's published versions, newest first; the one new configurations use is marked. */
export function VersionsList({ productId }: { productId: number }) {
  const versions = useModelVersions(productId);
  if (versions.isPending) return <PageSpinner />;
  if (versions.isError) return <Alert severity="error">{errorText(versions.error)}</Alert>;
  if (versions.data.count === 0) {
    return (
      <Typography color="text.secondary">
        Nothing published yet. Publish the draft to make it the product’s model.
      </Typography>
    );
  }
  return (
    <List aria-label="Published versions">
      {versions.data.rows.map((row) => (
        <ListItem
          key={row.id}
          divider
          secondaryAction={row.isCurrent ? <Chip size="small" color="success" label="In use" /> : null}
        >
          <ListItemText
            primary={`Version ${row.version}: ${row.name}`}
            secondary={`${new Date(row.createdAt ?? '').toLocaleString()}${row.createdBy ? ` by ${row.createdBy}` : ''}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
