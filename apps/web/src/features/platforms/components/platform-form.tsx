import type { TPlatformView } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api';
import { EditFormFooter, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSavePlatform } from '../hooks/use-platforms';
import { PlatformFields } from './platform-fields';
import {
  platformFormDefaults,
  type TPlatformForm,
  type TPlatformFormOutput,
  toPlatformInput,
  ZPlatformForm,
} from './platform-form.schema';

/** Platform messages the spec does not word, built like its other save messages. */
export const PLATFORM_MSG = {
  created: 'Successfully created Platform',
  updated: 'Successfully updated Platform',
} as const;

const PAD = { px: { xs: 2.5, md: 4 } } as const;

/** The platform form: 'Create Platform' (level 9) or 'Edit System Settings' (a platform's own administrators too). */
export function PlatformForm({ platform }: { platform: TPlatformView | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const save = useSavePlatform();
  const isCreate = platform === null;
  // The version the form's values were read at; a save against an older one is refused (409) and says so.
  const [version, setVersion] = useState(platform?.version);
  const { control, handleSubmit, reset, setError, formState } = useForm<TPlatformForm, unknown, TPlatformFormOutput>({
    resolver: zodResolver(ZPlatformForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: platformFormDefaults(platform),
  });
  const { guard, dialog } = useUnsavedChangesGuard(formState.isDirty);

  const handleValid = async (values: TPlatformFormOutput) => {
    try {
      const input = toPlatformInput(values);
      const saved = await save.mutateAsync(
        platform === null
          ? { isCreate: true, input }
          : { isCreate: false, version: version ?? platform.version, input },
      );
      toast.success(isCreate ? PLATFORM_MSG.created : PLATFORM_MSG.updated);
      if (isCreate) navigate('/Platforms');
      else {
        setVersion(saved.version);
        reset(platformFormDefaults(saved));
      }
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.replace(/^input\./, '') as keyof TPlatformForm;
        if (field in values) setError(field, { message: detail.message });
      }
    }
  };

  return (
    <Card component="form" noValidate onSubmit={handleSubmit(handleValid)} aria-labelledby="platform-form-title">
      <Box sx={{ ...PAD, pt: { xs: 2.5, md: 3.5 }, pb: 2 }}>
        <Typography id="platform-form-title" variant="h2" component="h1">
          {isCreate ? 'Create Platform' : 'Edit System Settings'}
        </Typography>
        {platform && (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {platform.name} · {platform.id}
          </Typography>
        )}
      </Box>
      <Divider />
      <Box sx={{ ...PAD, py: 3.5 }}>
        <PlatformFields control={control} isCreate={isCreate} />
      </Box>
      <Divider />
      <EditFormFooter showSave isSaving={save.isPending} onCancel={() => guard(() => navigate('/Administration'))} />
      {dialog}
    </Card>
  );
}
