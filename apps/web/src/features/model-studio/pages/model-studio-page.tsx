import type { TProductView } from '@cpq/contracts';
import { MSG } from '@cpq/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { lazyPart, usePreload } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import { useToast } from '../../../ui/use-toast';
import { useProduct } from '../../products/hooks/use-products';
import { FindingsPanel } from '../components/findings-panel';
import { StudioActionBar } from '../components/studio-action-bar';
import { useModelStudio } from '../hooks/use-model-studio';

// The editors (with the engine's expression checker) and the preview (the configurator's form) load beside the
// draft, after the first paint.
const StudioEditorTabs = lazyPart(() => import('../components/studio-editor-tabs').then((m) => m.StudioEditorTabs));
const PreviewPanel = lazyPart(() => import('../components/preview-panel').then((m) => m.PreviewPanel));

/** /Products/edit/{id}/model: the model studio of one product. */
export function ModelStudioPage() {
  usePreload(StudioEditorTabs, PreviewPanel);
  const { id } = useParams();
  const product = useProduct(id);
  if (product.isPending) return <PageSpinner />;
  if (!product.data) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{errorText(product.error)}</Alert>
      </Box>
    );
  }
  return <ModelStudio key={product.data.ID} product={product.data} />;
}

function ModelStudio({ product }: { product: TProductView }) {
  const toast = useToast();
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('lg'));
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const studio = useModelStudio(product.ID);
  const navigate = useNavigate();
  const { guard, dialog } = useUnsavedChangesGuard(studio.isDirty);
  if (studio.draft.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{errorText(studio.draft.error)}</Alert>
      </Box>
    );
  }
  if (!studio.model) return <PageSpinner label="Opening the model" />;

  const preview = (
    <Suspense fallback={<PageSpinner label="Loading the preview" />}>
      <PreviewPanel productId={product.ID} draftVersion={studio.version} hasUnsavedChanges={studio.isDirty} />
    </Suspense>
  );
  return (
    <Box sx={{ flex: 1, pb: 6 }}>
      <Box sx={{ px: { xs: 1.5, md: 4 }, pt: { xs: 2, md: 3 }, pb: 1.5 }}>
        <Button
          onClick={() => guard(() => navigate(`/Products/edit/${product.ID}`))}
          startIcon={<ArrowBackIcon />}
          size="small"
        >
          Back to the product
        </Button>
        <Typography variant="h2" component="h1" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {`Model: ${product.Name}`}
        </Typography>
        <Typography color="text.secondary">Part # {product.ProductNumber}</Typography>
      </Box>
      <StudioActionBar studio={studio} onOpenPreview={isWide ? null : () => setPreviewOpen(true)} />
      <Box sx={{ px: { xs: 1.5, md: 4 }, pt: 2 }}>
        {studio.findings && <FindingsPanel report={studio.findings} onClose={studio.dismissFindings} />}
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            pt: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(340px, 2fr)' },
            alignItems: 'start',
          }}
        >
          <Suspense fallback={<PageSpinner label="Loading the editor" />}>
            <StudioEditorTabs
              model={studio.model}
              setModel={studio.setModel}
              errors={studio.errors}
              productId={product.ID}
              fileName={`${product.ProductNumber}.model.json`}
              onImport={studio.replaceModel}
              onError={toast.error}
            />
          </Suspense>
          {isWide && (
            <Paper variant="outlined" sx={{ p: 2, position: 'sticky', top: 140 }}>
              {preview}
            </Paper>
          )}
        </Box>
      </Box>
      {!isWide && (
        <Drawer
          anchor="right"
          open={isPreviewOpen}
          onClose={() => setPreviewOpen(false)}
          slotProps={{
            paper: { sx: { width: { xs: '100vw', md: 480 }, maxWidth: '100vw', boxSizing: 'border-box', p: 2 } },
          }}
        >
          <Button
            onClick={() => setPreviewOpen(false)}
            startIcon={<ArrowBackIcon />}
            sx={{ alignSelf: 'flex-start', mb: 1 }}
          >
            Back to the editor
          </Button>
          {preview}
        </Drawer>
      )}
      {dialog}
      <ConfirmDialog
        open={studio.isStale}
        title="The draft changed"
        message={MSG.modelDraftStale}
        confirmLabel="Reload the draft"
        cancelLabel="Keep my changes for now"
        onConfirm={() => void studio.reload()}
        onCancel={studio.dismissStale}
      />
    </Box>
  );
}
