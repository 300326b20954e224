import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import PublishIcon from '@mui/icons-material/Publish';
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TOAST_CLEARANCE } from '../../../ui/toast-clearance';
import type { TModelStudio } from '../hooks/use-model-studio';

type TStudioActionBarProps = {
  studio: TModelStudio;
  /** Shown below the wide layout, where the preview is a drawer. */
  onOpenPreview: (() => void) | null;
};

/** The sticky bar: where the draft stands, Check, Save draft, Publish and (on narrow screens) Preview. */
export function StudioActionBar({ studio, onOpenPreview }: TStudioActionBarProps) {
  const data = studio.draft.data;
  const status = studio.isDirty
    ? 'Unsaved changes'
    : studio.version === 0
      ? 'Draft not saved yet'
      : `Draft saved${data?.updatedBy ? ` by ${data.updatedBy}` : ''}`;
  const published = data?.publishedVersion ? `In use: version ${data.publishedVersion}` : 'Not published yet';
  return (
    <Paper
      {...TOAST_CLEARANCE}
      square
      elevation={0}
      sx={{
        position: 'sticky',
        top: { xs: 60, md: 68 },
        zIndex: 2,
        borderBottom: 1,
        borderColor: 'divider',
        px: { xs: 1.5, md: 4 },
        py: 1.25,
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Stack sx={{ flex: 1, minWidth: 160 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} aria-live="polite">
            {status}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {published}
          </Typography>
        </Stack>
        {onOpenPreview && (
          <Button startIcon={<PlayArrowIcon />} onClick={onOpenPreview}>
            Preview
          </Button>
        )}
        <Button
          startIcon={<FactCheckIcon />}
          onClick={studio.check}
          disabled={studio.isChecking || studio.isPublishing}
        >
          Check
        </Button>
        <Button
          variant="outlined"
          startIcon={<SaveIcon />}
          onClick={studio.save}
          disabled={studio.isSaving || studio.isPublishing || (!studio.isDirty && studio.version > 0)}
        >
          Save draft
        </Button>
        <Button
          variant="contained"
          startIcon={<PublishIcon />}
          onClick={studio.publish}
          disabled={studio.isSaving || studio.isPublishing}
        >
          Publish
        </Button>
      </Stack>
    </Paper>
  );
}
