import { DEFAULT_PAGE_SIZE } from '@cpq/contracts';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../ui/generic-list/list-states';
import { PagedCardGrid } from '../../../ui/paged-card-grid';
import { useProductCatalog } from '../../catalog/components/product-catalog-button';
import { ConfigurationCard } from '../components/configuration-card';
import { type TMyConfigurationsQuery, useMyConfigurations } from '../hooks/use-configurations';

/**
 * /MyConfigurations: the caller's product configurations as cards, newest first, each reopening the configurator
 * (an order's opens read-only); the finished ones, and the incomplete ones too with Show incomplete.
 */
export function MyConfigurationsPage() {
  const [query, setQuery] = useState<TMyConfigurationsQuery>({
    page: 1,
    pageSize: DEFAULT_PAGE_SIZE,
    isIncompleteShown: false,
  });
  const configurations = useMyConfigurations(query);
  const catalog = useProductCatalog(null);
  const hasRows = (configurations.data?.rows.length ?? 0) > 0;

  return (
    <Box sx={{ width: '100%', maxWidth: 1440, mx: 'auto', px: { xs: 2, md: 4 }, py: { xs: 3, md: 4 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1.5 }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1">My Configurations</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Open one to change it; a configuration on a quote updates its line when you finish. Ordered ones open
            read-only.
          </Typography>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <FormControlLabel
            label="Show incomplete"
            control={
              <Switch
                checked={query.isIncompleteShown}
                onChange={(event) => setQuery({ ...query, page: 1, isIncompleteShown: event.target.checked })}
              />
            }
          />
          {catalog.canOpen && hasRows && (
            <Button variant="outlined" startIcon={<MenuBookOutlined />} onClick={catalog.open}>
              Product Catalog
            </Button>
          )}
        </Stack>
      </Stack>
      <PagedCardGrid
        label="Saved configurations"
        result={configurations}
        query={query}
        onQueryChange={(paged) => setQuery({ ...query, ...paged })}
        columns={{ xs: 1, lg: 2, xxl: 3 }}
        empty={
          <EmptyState
            search=""
            title={query.isIncompleteShown ? 'No saved configurations yet' : 'No finished configurations yet'}
            description={
              query.isIncompleteShown
                ? 'Configure a product from the Product Catalog: each configuration you start is saved here to reopen later.'
                : 'Configurations you finish are listed here; switch on Show incomplete to see the ones you started.'
            }
            onClearSearch={() => undefined}
            create={catalog.canOpen ? { label: 'Product Catalog', onClick: catalog.open } : undefined}
          />
        }
        renderItem={(configuration) => <ConfigurationCard key={configuration.id} configuration={configuration} />}
      />
      {catalog.dialog}
    </Box>
  );
}
