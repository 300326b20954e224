import {
  DEFAULT_INTEGRATION,
  DEFAULT_ORDER_COMPLETE_STRING,
  INTEGRATIONS,
  MSG,
  type TPlatformInput,
  type TPlatformView,
  ZEmail,
  ZPlatformInput,
} from '@cpq/contracts';
import { z } from 'zod';

export const INTEGRATION_OPTIONS = INTEGRATIONS.map((value) => ({
  value,
  label: value === 'default' ? 'Default' : value === 'visual' ? 'Visual' : value,
}));

const { shape } = ZPlatformInput;

/** One entry of the e-mail list editor; an object so that react-hook-form's field array can key it. */
export const ZEmailEntry = z.object({ value: z.string().trim().min(1, MSG.invalidEmail).pipe(ZEmail) });

/**
 * The platform form: the request's rules, with the notification addresses as a list (each 'Invalid email address.',
 * at least one) that is sent as one comma-separated string, and the flags as switches sent as '1' or '0'.
 */
export const ZPlatformForm = z.object({
  id: shape.id,
  name: shape.name,
  emailAddresses: z.array(ZEmailEntry).min(1, 'Add at least one e-mail address.'),
  integration: z.enum(INTEGRATIONS),
  requireMFA: z.boolean(),
  requireHttps: z.boolean(),
  csiOrderCompleteString: z.string().trim().min(1, MSG.fieldRequired).max(100),
});
export type TPlatformForm = z.input<typeof ZPlatformForm>;
export type TPlatformFormOutput = z.output<typeof ZPlatformForm>;

/** Splits the stored comma-separated addresses into editor entries; always at least one (empty) entry. */
export function splitEmails(emails: string | undefined): { value: string }[] {
  const list = (emails ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return (list.length ? list : ['']).map((value) => ({ value }));
}

export const platformFormDefaults = (platform?: TPlatformView | null): TPlatformForm => ({
  id: platform?.id ?? '',
  name: platform?.name ?? '',
  emailAddresses: splitEmails(platform?.emailAddresses),
  integration: platform?.integration ?? DEFAULT_INTEGRATION,
  requireMFA: platform?.requireMFA === '1',
  requireHttps: platform?.requireHttps === '1',
  csiOrderCompleteString: platform?.csiOrderCompleteString ?? DEFAULT_ORDER_COMPLETE_STRING,
});

/** The request input in the wire format: e-mails comma-separated, flags '1' or '0'. */
export const toPlatformInput = (values: TPlatformFormOutput): TPlatformInput => ({
  id: values.id,
  name: values.name,
  emailAddresses: values.emailAddresses.map((entry) => entry.value).join(','),
  integration: values.integration,
  requireMFA: values.requireMFA ? '1' : '0',
  requireHttps: values.requireHttps ? '1' : '0',
  csiOrderCompleteString: values.csiOrderCompleteString,
});
