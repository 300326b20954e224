import { isDatabaseId, PG_INT_MAX, type TInitialParameter, type TStartRequest } from '@cpq/contracts';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';

/** What the configurator reads from its URL (spec: route productId, quoteId, configurationId; query parameters). */
export type TConfiguratorRoute = {
  productId: number | null;
  /** Null for quote id 0 (no quote yet). */
  quoteId: number | null;
  configurationId: string | null;
  headerId: string | null;
  lineNumber: number | null;
  lineId: number | null;
  /** Pre-fills the visitor's e-mail prompt. */
  email: string;
  /** The configurationId query parameter names the configuration being shown: reopen it (reconfigure mode). */
  isReconfigure: boolean;
};

const positiveInt = (text: string | null | undefined): number | null => {
  if (!text || !/^\d+$/.test(text)) return null;
  const value = Number(text);
  return isDatabaseId(value) ? value : null;
};

/** Reads the route; a product without a configuration id gets a new v4 GUID, written into the URL. */
export function useConfiguratorRoute(): TConfiguratorRoute {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const productId = positiveInt(params.productId);
  const queryConfigurationId = search.get('configurationId');
  const configurationId = params.configurationId ?? queryConfigurationId ?? null;
  const quoteText = params.quoteId ?? '0';

  useEffect(() => {
    if (productId === null || configurationId !== null) return;
    navigate(`/Configurator/${productId}/${quoteText}/${crypto.randomUUID()}${location.search}`, { replace: true });
  }, [productId, configurationId, quoteText, location.search, navigate]);

  const lineNumberText = search.get('lineNumber');
  return useMemo(
    () => ({
      productId,
      quoteId: positiveInt(quoteText),
      configurationId,
      headerId: search.get('headerId'),
      lineNumber:
        lineNumberText !== null && /^\d+$/.test(lineNumberText) && Number(lineNumberText) <= PG_INT_MAX
          ? Number(lineNumberText)
          : null,
      lineId: positiveInt(search.get('LineId')),
      email: search.get('email') ?? '',
      isReconfigure: queryConfigurationId !== null && queryConfigurationId === configurationId,
    }),
    [productId, quoteText, configurationId, search, lineNumberText, queryConfigurationId],
  );
}

const param = (Name: string, value: string | number, Type: TInitialParameter['Type']): TInitialParameter => ({
  Name,
  SimpleValue: String(value),
  IsNull: false,
  Type,
});

/**
 * The start call for a route: the ids it has and the spec's initial parameters built from them. (The Review and SO
 * write-up steps' line parameters are built by the server from the quote.)
 */
export function startRequestOf(route: TConfiguratorRoute, username: string | null): TStartRequest | null {
  if (route.configurationId === null) return null;
  if (route.productId === null && !route.isReconfigure) return null;
  const integrationParams: TInitialParameter[] = [param('ConfigurationID', route.configurationId, 0)];
  if (route.quoteId !== null) integrationParams.push(param('QuoteId', route.quoteId, 1));
  if (route.lineNumber !== null) integrationParams.push(param('LineNumber', route.lineNumber, 1));
  if (username) integrationParams.push(param('User_Login', username, 0), param('email', username, 0));
  return {
    configurationId: route.configurationId,
    ...(route.productId !== null ? { productId: route.productId } : {}),
    quoteId: route.quoteId,
    lineId: route.lineId,
    headerId: route.headerId,
    lineNumber: route.lineNumber,
    integrationParams,
  };
}
