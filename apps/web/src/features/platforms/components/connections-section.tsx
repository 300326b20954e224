import type { TIntegrationSettings, TPlatformView } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { EditFormFooter } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { LoadErrorAlert } from '../../quotes/components/load-error-alert';
import { useIntegrationSettings, useSaveIntegrationSettings } from '../hooks/use-integration-settings';
import { SecretField, SettingsField } from './connection-fields';
import {
  connectionsFieldOf,
  connectionsFormDefaults,
  connectionsFormSchema,
  ERP_INTEGRATIONS,
  type TConnectionsForm,
  type TConnectionsRequest,
} from './connections-form.schema';
import { INTEGRATION_OPTIONS } from './platform-form.schema';

export const CONNECTIONS_MSG = { saved: 'Successfully updated Connections' } as const;

const PAD = { px: { xs: 2.5, md: 4 } } as const;
type TControl = Control<TConnectionsForm, unknown, TConnectionsRequest>;

/** One system's settings, as a fieldset named by its legend. */
function ConnectionGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function ErpFields({ control, settings, label }: { control: TControl; settings: TIntegrationSettings; label: string }) {
  return (
    <ConnectionGroup title={`ERP (${label})`}>
      <SettingsField control={control} name="erp.baseUrl" label="Base URL" type="url" placeholder="https://" />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SettingsField control={control} name="erp.config" label="Configuration (site)" />
        <SettingsField control={control} name="erp.username" label="User name" />
      </Stack>
      <SecretField
        control={control}
        name="erp.password"
        label="Password"
        isStored={Boolean(settings.erp?.hasPassword)}
      />
    </ConnectionGroup>
  );
}

function CrmFields({ control, settings }: { control: TControl; settings: TIntegrationSettings }) {
  const { field } = useController({ control, name: 'crm.isEnabled' });
  const hasSecret = Boolean(settings.crm?.hasClientSecret);
  return (
    <ConnectionGroup title="Salesforce">
      <FormControlLabel
        control={
          <Switch
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            slotProps={{ input: { ref: field.ref } }}
          />
        }
        label="Connect to Salesforce"
      />
      {!field.value && (
        <Typography variant="body2" color="text.secondary">
          {settings.crm
            ? 'Saving with this off removes the stored Salesforce connection; quotes then use the built-in CRM.'
            : 'Off: quotes use the built-in CRM and nothing is sent to Salesforce.'}
        </Typography>
      )}
      <Collapse in={field.value} unmountOnExit>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <SettingsField
            control={control}
            name="crm.instanceUrl"
            label="Instance URL"
            type="url"
            placeholder="https://yourcompany.my.salesforce.com"
          />
          <SettingsField control={control} name="crm.clientId" label="Consumer key" />
          <SecretField control={control} name="crm.clientSecret" label="Consumer secret" isStored={hasSecret} />
        </Stack>
      </Collapse>
    </ConnectionGroup>
  );
}

/** The form, once the stored settings are in. */
function ConnectionsForm({ platform, settings }: { platform: TPlatformView; settings: TIntegrationSettings }) {
  const toast = useToast();
  const save = useSaveIntegrationSettings(platform.id);
  const isErpShown = ERP_INTEGRATIONS.includes(platform.integration);
  const integrationLabel = INTEGRATION_OPTIONS.find((option) => option.value === platform.integration)?.label ?? '';
  const { control, handleSubmit, reset, setError, formState } = useForm<TConnectionsForm, unknown, TConnectionsRequest>(
    {
      resolver: zodResolver(connectionsFormSchema({ isErpShown, settings })),
      mode: 'onSubmit',
      reValidateMode: 'onSubmit',
      defaultValues: connectionsFormDefaults(settings),
    },
  );

  const handleValid = async (request: TConnectionsRequest) => {
    try {
      const saved = await save.mutateAsync(request);
      toast.success(CONNECTIONS_MSG.saved);
      reset(connectionsFormDefaults(saved));
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = connectionsFieldOf(detail.path);
        if (field) setError(field, { message: detail.message });
      }
    }
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(handleValid)}>
      <Stack spacing={3.5} sx={{ ...PAD, py: 3.5 }} divider={<Divider flexItem />}>
        {isErpShown ? (
          <ErpFields control={control} settings={settings} label={integrationLabel} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            ERP: choose the CSI or Visual integration above and save it to connect this platform to its ERP.
          </Typography>
        )}
        <CrmFields control={control} settings={settings} />
      </Stack>
      <Divider />
      <EditFormFooter
        showSave
        saveLabel="Save Connections"
        isSaving={save.isPending}
        onCancel={formState.isDirty ? () => reset(connectionsFormDefaults(settings)) : undefined}
      />
    </Box>
  );
}

/**
 * Connections, under the platform's settings: the ERP connection (CSI or Visual integrations) and Salesforce, with
 * their own Save. Secrets are never shown: a stored one says so, and stays unless a new one is typed.
 */
export function ConnectionsSection({ platform }: { platform: TPlatformView }) {
  const settings = useIntegrationSettings(platform.id);
  return (
    <Card component="section" aria-labelledby="connections-title" sx={{ mt: 3 }}>
      <Box sx={{ ...PAD, pt: { xs: 2.5, md: 3.5 }, pb: 2 }}>
        <Typography id="connections-title" variant="h2">
          Connections
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          How this platform reaches its ERP and CRM. Passwords and secrets are stored encrypted and never shown.
        </Typography>
      </Box>
      <Divider />
      {settings.isPending ? (
        <Stack spacing={2} sx={{ ...PAD, py: 3.5 }} aria-busy="true" aria-label="Loading the connections">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : settings.isError ? (
        <Box sx={{ ...PAD, py: 3.5 }}>
          <LoadErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
        </Box>
      ) : (
        <ConnectionsForm key={platform.integration} platform={platform} settings={settings.data} />
      )}
    </Card>
  );
}
