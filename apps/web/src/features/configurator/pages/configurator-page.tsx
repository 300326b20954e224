import type { TStartRequest } from '@cpq/contracts';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { ApiError, errorText, hasCode } from '../../../lib/api';
import { lazyPart } from '../../../ui/lazy-part';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSession } from '../../auth/hooks/use-session';
import { configuratorApi } from '../api/configurator.api';
import { ConfiguratorWorkspace } from '../components/configurator-workspace';
import { preloadSelectControls } from '../components/controls/option-control';
import { startRequestOf, useConfiguratorRoute } from '../hooks/use-configurator-route';
import { useConfiguratorSession } from '../hooks/use-configurator-session';

// Only a visitor without a session is asked for an e-mail address (its form validates with zod).
const VisitorEmailPrompt = lazyPart(() =>
  import('../components/visitor-email-prompt').then((m) => m.VisitorEmailPrompt),
);

const centredSx = { flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 4, md: 8 } } as const;

/** Bare /Configurator: nothing to configure yet, so point to the catalog. */
function ChooseAProduct() {
  return (
    <Box sx={centredSx}>
      <Stack spacing={2} sx={{ maxWidth: 480, alignItems: 'center', textAlign: 'center' }}>
        <StorefrontOutlinedIcon color="primary" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h2" component="h1">
          Choose a product to configure
        </Typography>
        <Typography color="text.secondary">
          The configurator opens from a product. Pick one from the product catalog to start configuring it.
        </Typography>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Open the product catalog
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * The start call failed: say why and offer a way on. A conflict (an order's configuration, a quote ordered or locked)
 * stays one however often it is tried: it offers the way back to the quote and to My Configurations instead.
 */
function StartFailed({ error, onRetry, quoteId }: { error: unknown; onRetry: () => void; quoteId: number | null }) {
  const isFinal = hasCode(error, 'CONFLICT');
  // Beneath the message, not beside it: a phone keeps the whole width for the words.
  return (
    <Box sx={centredSx}>
      <Alert severity="error" sx={{ maxWidth: 560, minWidth: 0 }}>
        <Typography component="h1" variant="h6" sx={{ fontSize: '1rem' }}>
          The configurator could not start
        </Typography>
        {isFinal ? errorText(error) : `${errorText(error)} Try again, or pick the product again from the catalog.`}
        <Stack direction="row" sx={{ mt: 1.5, gap: 1, flexWrap: 'wrap' }}>
          {isFinal ? (
            <>
              {quoteId !== null && (
                <Button color="inherit" size="small" variant="outlined" component={RouterLink} to={`/Quote/${quoteId}`}>
                  {`Back to #${quoteId}`}
                </Button>
              )}
              <Button color="inherit" size="small" component={RouterLink} to="/MyConfigurations">
                My Configurations
              </Button>
            </>
          ) : (
            <>
              <Button color="inherit" size="small" variant="outlined" onClick={onRetry}>
                Try again
              </Button>
              <Button color="inherit" size="small" component={RouterLink} to="/">
                Catalog
              </Button>
            </>
          )}
        </Stack>
      </Alert>
    </Box>
  );
}

/** A signed-in configurator: starts the session and shows the screen. */
function ConfiguratorSession({ request, routeQuoteId }: { request: TStartRequest; routeQuoteId: number | null }) {
  const session = useConfiguratorSession(request);
  if (session.start.isError)
    return (
      <StartFailed error={session.start.error} onRetry={() => void session.start.refetch()} quoteId={routeQuoteId} />
    );
  if (!session.start.data) return <PageSpinner label="Starting the configurator" />;
  return <ConfiguratorWorkspace session={session} started={session.start.data} routeQuoteId={routeQuoteId} />;
}

/**
 * /Configurator and /Configurator/{productId}/{quoteId}/{configurationId}: a public route. Signed-out visitors give
 * an e-mail address first (a public account is created and signed in), then configure.
 */
export function ConfiguratorPage() {
  useEffect(preloadSelectControls, []);
  const route = useConfiguratorRoute();
  const { auth, startSession } = useSession();
  const location = useLocation();
  const username = auth?.username ?? null;
  const request = useMemo(() => startRequestOf(route, username), [route, username]);

  const visitor = useMutation({
    mutationFn: configuratorApi.createVisitor,
    onSuccess: (session) => startSession(session, false, `${location.pathname}${location.search}`),
  });

  if (route.productId === null && !route.isReconfigure) return <ChooseAProduct />;
  if (!auth) {
    return (
      <Box sx={centredSx}>
        <Suspense fallback={<PageSpinner />}>
          <VisitorEmailPrompt
            initialEmail={route.email}
            isPending={visitor.isPending}
            error={visitor.error}
            isExistingAccount={visitor.error instanceof ApiError && visitor.error.status === 409}
            onSubmit={(email) => visitor.mutate(email)}
          />
        </Suspense>
      </Box>
    );
  }
  if (!request) return <PageSpinner label="Starting the configurator" />;
  return <ConfiguratorSession key={request.configurationId} request={request} routeQuoteId={route.quoteId} />;
}
