import { PRODUCT_IMAGE_PREVIEW_PX, UPLOAD_IMAGE_TYPES } from '@cpq/contracts';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Control, useController } from 'react-hook-form';
import { errorText } from '../../../lib/api';
import { FileDropArea } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useUploadImage } from '../hooks/use-products';
import type { TProductForm, TProductFormOutput } from './product-form.schema';

/** The product image: a 348 px preview, and a drop area that uploads to /api/uploadfile. */
export function ProductImageField({
  control,
  name,
}: {
  control: Control<TProductForm, unknown, TProductFormOutput>;
  name: string;
}) {
  const { field } = useController({ control, name: 'ImageUrl' });
  const upload = useUploadImage();
  const toast = useToast();
  const handleFiles = async ([file]: File[]) => {
    if (!file) return;
    try {
      field.onChange(await upload.mutateAsync(file));
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2.5} sx={{ alignItems: { lg: 'flex-start' } }}>
      <Box
        sx={{
          width: '100%',
          maxWidth: PRODUCT_IMAGE_PREVIEW_PX,
          // The full 348 px square once there is an image; a quiet strip until then.
          aspectRatio: field.value ? '1 / 1' : undefined,
          minHeight: field.value ? undefined : 148,
          flexShrink: 0,
          borderRadius: '12px',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          alignSelf: { xs: 'center', lg: 'flex-start' },
        }}
      >
        {field.value ? (
          <Box
            component="img"
            src={field.value}
            alt={name ? `Image of ${name}` : 'Product image'}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : (
          <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <ImageOutlined sx={{ fontSize: 48 }} />
            <Typography variant="body2">No image yet</Typography>
          </Stack>
        )}
      </Box>
      <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
        <FileDropArea
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          onFiles={(files) => void handleFiles(files)}
          disabled={upload.isPending}
          helperText="PNG, JPEG, GIF or WebP up to 5 MB. Drag it here, or click to choose."
        />
        {upload.isPending && <LinearProgress aria-label="Uploading image" />}
        {field.value && (
          <div>
            <Button color="inherit" onClick={() => field.onChange('')} disabled={upload.isPending}>
              Remove Image
            </Button>
          </div>
        )}
      </Stack>
    </Stack>
  );
}
