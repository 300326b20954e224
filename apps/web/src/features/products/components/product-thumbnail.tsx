import { THUMBNAIL_MAX_PX } from '@cpq/contracts';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';

/** A product's preview image, at most 75 px either way; a quiet placeholder when there is none. */
export function ProductThumbnail({ src, name, size = 56 }: { src: string | null; name: string; size?: number }) {
  const box = Math.min(size, THUMBNAIL_MAX_PX);
  return (
    <Box
      sx={{
        width: box,
        height: box,
        flexShrink: 0,
        borderRadius: '10px',
        bgcolor: 'action.hover',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        color: 'text.disabled',
      }}
    >
      {src ? (
        <Box
          component="img"
          src={src}
          alt={`Image of ${name}`}
          loading="lazy"
          sx={{
            maxWidth: THUMBNAIL_MAX_PX,
            maxHeight: THUMBNAIL_MAX_PX,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
          }}
        />
      ) : (
        <ImageOutlined aria-hidden />
      )}
    </Box>
  );
}
