import Box from '@mui/material/Box';
import { useState } from 'react';

/** The product picture beside the options: at most 600 px high, smaller above the form on phones. */
export function ProductImage({ src, name }: { src: string; name: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  return (
    <Box
      sx={{
        position: { md: 'sticky' },
        top: { md: 160 },
        display: 'grid',
        placeItems: 'center',
        p: { xs: 1.5, md: 3 },
        borderRadius: 4,
        bgcolor: 'action.hover',
      }}
    >
      <Box
        component="img"
        src={src}
        alt={name}
        onError={() => setFailedSrc(src)}
        sx={{ width: '100%', maxHeight: { xs: 220, sm: 300, md: 600 }, objectFit: 'contain' }}
      />
    </Box>
  );
}
