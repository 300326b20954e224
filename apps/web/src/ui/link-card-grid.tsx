import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router';

export type TLinkCard = { key: string; title: string; description: string; to: string; icon: ReactElement };

/**
 * A responsive grid of navigation cards (icon, title, one line of description): one column on phones with the
 * icon beside the text, two on tablets and four on wide screens with the icon above.
 */
export function LinkCardGrid({ cards }: { cards: TLinkCard[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: { xs: 3, md: 4 },
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {cards.map((card) => (
        <li key={card.key}>
          <Card sx={{ height: '100%' }}>
            <CardActionArea
              component={RouterLink}
              to={card.to}
              sx={{
                height: '100%',
                p: { xs: 2, md: 2.5 },
                display: 'flex',
                flexDirection: { xs: 'row', md: 'column' },
                alignItems: { xs: 'center', md: 'flex-start' },
                justifyContent: 'flex-start',
                gap: 2,
              }}
            >
              <Box
                sx={{
                  width: 44,
                  height: 44,
                  flexShrink: 0,
                  borderRadius: 3,
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                }}
              >
                {card.icon}
              </Box>
              <Box sx={{ minWidth: 0, width: '100%' }}>
                <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                  <Typography variant="h4" component="h2">
                    {card.title}
                  </Typography>
                  <ArrowForward fontSize="small" sx={{ color: 'text.secondary' }} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {card.description}
                </Typography>
              </Box>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Box>
  );
}
