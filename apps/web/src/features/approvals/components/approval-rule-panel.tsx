import {
  APPROVAL_METRIC_LABEL,
  APPROVAL_METRICS,
  APPROVAL_OPERATOR_LABEL,
  APPROVAL_OPERATORS,
  msgSaved,
  type TApprovalRule,
} from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type Control, Controller, type FieldPath, useForm, useWatch } from 'react-hook-form';
import { ApiError, errorText, saveOf } from '../../../lib/api';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { EditFormFooter, SlideInPanel, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { ProductPicker } from '../../price-lists/components/product-picker';
import { getApproverChoices } from '../api/approvals.api';
import { useSaveApprovalRule } from '../hooks/use-approvals';
import {
  approvalRuleFormDefaults,
  type TApprovalRuleForm,
  toApprovalRuleInput,
  ZApprovalRuleForm,
} from './approval-rule-form.schema';

const METRIC_OPTIONS = APPROVAL_METRICS.map((value) => ({ value, label: APPROVAL_METRIC_LABEL[value] }));
const OPERATOR_OPTIONS = APPROVAL_OPERATORS.map((value) => ({ value, label: APPROVAL_OPERATOR_LABEL[value] }));
const LEVEL_OPTIONS = [
  { value: '', label: 'Named users only' },
  { value: '1', label: 'Level 1 (registered) or higher' },
  { value: '5', label: 'Level 5 (administrator) or higher' },
  { value: '9', label: 'Level 9 (super administrator)' },
];

/** The named approvers: users of the platform, chosen by e-mail. */
function ApproverUsers({ control }: { control: Control<TApprovalRuleForm> }) {
  const users = useQuery({
    queryKey: ['approvalRules', 'approvers'],
    queryFn: ({ signal }) => getApproverChoices(signal),
  });
  const options = (users.data?.rows ?? []).map((user) => ({ id: user.id, label: user.username }));
  return (
    <Controller
      control={control}
      name="approverUserIds"
      render={({ field, fieldState }) => (
        <Autocomplete
          multiple
          options={options}
          value={options.filter((option) => field.value.includes(option.id))}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          onChange={(_event, chosen) => field.onChange(chosen.map((option) => option.id))}
          loading={users.isFetching}
          renderInput={(params) => (
            <TextField
              {...params}
              label="Named approvers"
              error={Boolean(fieldState.error)}
              helperText={
                fieldState.error?.message ??
                'They get the e-mail; anyone of the lowest of their levels or higher may stand in.'
              }
            />
          )}
        />
      )}
    />
  );
}

type TApprovalRulePanelProps = { open: boolean; rule: TApprovalRule | null; onClose: () => void };

/** The slide-in create/edit panel of /ApprovalRules: the condition, its step and who approves. */
export function ApprovalRulePanel({ open, rule, onClose }: TApprovalRulePanelProps) {
  const toast = useToast();
  const save = useSaveApprovalRule();
  const { control, handleSubmit, setError, setValue, formState } = useForm<TApprovalRuleForm>({
    resolver: zodResolver(ZApprovalRuleForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: approvalRuleFormDefaults(rule),
  });
  const metric = useWatch({ control, name: 'metric' });
  const productId = useWatch({ control, name: 'productId' });
  const productLabel = useWatch({ control, name: 'productLabel' });
  const { guard, dialog } = useUnsavedChangesGuard(open && formState.isDirty);
  const handleClose = () => guard(onClose);

  const handleValid = async (values: TApprovalRuleForm) => {
    try {
      await save.mutateAsync(saveOf(rule, toApprovalRuleInput(values)));
      toast.success(msgSaved(rule ? 'updated' : 'created', 'Approval Rule'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        setError(detail.path.replace(/^input\./, '') as FieldPath<TApprovalRuleForm>, { message: detail.message });
      }
    }
  };

  return (
    <>
      <SlideInPanel
        open={open}
        title={rule ? `Editing Approval Rule: ${rule.name}` : 'Create Approval Rule'}
        onClose={handleClose}
        onSubmit={handleSubmit(handleValid)}
        width={640}
        footer={<EditFormFooter showSave isSaving={save.isPending} onCancel={handleClose} />}
      >
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
            <FormTextField
              control={control}
              name="step"
              label="Step"
              required
              inputMode="numeric"
              helperText="Step 1 approves first, then step 2, …"
            />
          </Stack>
          <Typography variant="subtitle2">When the quote has</Typography>
          {/* Side by side only from md: on phones 'Line discount %' would be cut off in half the width. */}
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormSelectField control={control} name="metric" label="Condition" options={METRIC_OPTIONS} fullWidth />
            {metric !== 'product' && (
              <FormSelectField
                control={control}
                name="operator"
                label="Compared"
                options={OPERATOR_OPTIONS}
                fullWidth
              />
            )}
          </Stack>
          {metric === 'product' ? (
            <Controller
              control={control}
              name="productId"
              render={({ fieldState }) => (
                <ProductPicker
                  label="Product"
                  value={productId === null ? null : { id: productId, label: productLabel }}
                  error={fieldState.error?.message}
                  onPick={(picked) => {
                    setValue('productId', picked?.id ?? null, { shouldDirty: true });
                    setValue('productLabel', picked?.label ?? '');
                  }}
                />
              )}
            />
          ) : (
            <FormTextField
              control={control}
              name="threshold"
              label={metric === 'total' ? 'Threshold (USD)' : 'Threshold (%)'}
              required
              inputMode="decimal"
              autoComplete="off"
            />
          )}
          <Typography variant="subtitle2">Approved by</Typography>
          <FormSelectField
            control={control}
            name="approverLevel"
            label="Role level"
            options={LEVEL_OPTIONS}
            fullWidth
          />
          <ApproverUsers control={control} />
        </Stack>
      </SlideInPanel>
      {dialog}
    </>
  );
}
