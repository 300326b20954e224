import { type TIntegration, type TIntegrationSettings, ZUpdateIntegrationSettingsRequest } from '@cpq/contracts';
import { z } from 'zod';

/** The integrations that talk to an ERP, and so show its connection. */
export const ERP_INTEGRATIONS: readonly TIntegration[] = ['CSI', 'visual'];

/** The Connections form as typed: the ERP fields, the Salesforce switch and fields; secrets start empty. */
const ZConnectionsValues = z.object({
  erp: z.object({ baseUrl: z.string(), config: z.string(), username: z.string(), password: z.string() }),
  crm: z.object({ isEnabled: z.boolean(), instanceUrl: z.string(), clientId: z.string(), clientSecret: z.string() }),
});
export type TConnectionsForm = z.input<typeof ZConnectionsValues>;

type TConnectionsContext = { isErpShown: boolean; settings: TIntegrationSettings };

/** The request without the platform's id: what the form sends. */
const ZConnectionsPatch = ZUpdateIntegrationSettingsRequest.omit({ id: true });

/**
 * What a save sends: the ERP connection when it is shown and set (or was), Salesforce when switched on, else
 * `crm: null` (the built-in CRM). A secret goes along only when typed; left empty the stored one is kept.
 */
function toSettingsPatch(
  values: TConnectionsForm,
  { isErpShown, settings }: TConnectionsContext,
): z.input<typeof ZConnectionsPatch> {
  const { password, ...erp } = values.erp;
  const isErpTyped = [...Object.values(erp), password].some((value) => value.trim() !== '');
  const { isEnabled, clientSecret, ...crm } = values.crm;
  return {
    ...(isErpShown && (settings.erp !== null || isErpTyped)
      ? { erp: { ...erp, ...(password ? { password } : {}) } }
      : {}),
    crm: isEnabled ? { ...crm, ...(clientSecret ? { clientSecret } : {}) } : null,
  };
}

/**
 * The form's schema: the values become the request's erp and crm, checked by the request's own rules, so that each
 * message shows under its field (erp.baseUrl, crm.clientId, ...).
 */
export const connectionsFormSchema = (context: TConnectionsContext) =>
  ZConnectionsValues.transform((values) => toSettingsPatch(values, context)).pipe(ZConnectionsPatch);
export type TConnectionsRequest = z.output<ReturnType<typeof connectionsFormSchema>>;

/** The form as the stored settings fill it: secrets empty (never sent to the browser), Salesforce on when set. */
export const connectionsFormDefaults = (settings: TIntegrationSettings): TConnectionsForm => ({
  erp: {
    baseUrl: settings.erp?.baseUrl ?? '',
    config: settings.erp?.config ?? '',
    username: settings.erp?.username ?? '',
    password: '',
  },
  crm: {
    isEnabled: settings.crm !== null,
    instanceUrl: settings.crm?.instanceUrl ?? '',
    clientId: settings.crm?.clientId ?? '',
    clientSecret: '',
  },
});

/** The form field a server error names (`erp.baseUrl`), or null when it is not one of them. */
export function connectionsFieldOf(
  path: string,
): `erp.${keyof TConnectionsForm['erp']}` | `crm.${keyof TConnectionsForm['crm']}` | null {
  const [group, field] = path.split('.');
  const values = connectionsFormDefaults({ pid: '', erp: null, crm: null });
  if (group === 'erp' && field && field in values.erp) return `erp.${field as keyof TConnectionsForm['erp']}`;
  if (group === 'crm' && field && field in values.crm) return `crm.${field as keyof TConnectionsForm['crm']}`;
  return null;
}
