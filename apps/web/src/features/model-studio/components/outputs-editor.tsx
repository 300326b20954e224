import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeAt, replaceAt, type TModel } from '../logic/model-edits';
import { AddButton } from './add-button';
import type { TEditorProps } from './editor-props';
import { ExpressionField } from './expression-field';
import { ReorderList } from './reorder-list';

type TOutputs = NonNullable<TModel['outputs']>;
type TDetail = NonNullable<TOutputs['details']>[number];
type TMessage = NonNullable<TModel['messages']>[number];

/** Outputs (part number, description, image and the Details lines) and the messages shown while a condition holds. */
export function OutputsEditor({ model, setModel, errors }: TEditorProps) {
  const outputs = model.outputs ?? {};
  const details = outputs.details ?? [];
  const messages = model.messages ?? [];
  const setOutputs = (patch: Partial<TOutputs>) =>
    setModel((current) => ({ ...current, outputs: { ...current.outputs, ...patch } }));
  const setDetails = (next: TDetail[]) => setOutputs({ details: next });
  const setMessages = (next: TMessage[]) => setModel((current) => ({ ...current, messages: next }));
  const field = (name: 'partNumber' | 'description' | 'imageUrl', label: string) => (
    <ExpressionField
      label={label}
      value={outputs[name] ?? ''}
      model={model}
      expected={name === 'imageUrl' ? 'string' : 'any'}
      isOptional
      serverError={errors[`outputs.${name}`]}
      onChange={(text) => setOutputs({ [name]: text || undefined })}
    />
  );
  return (
    <Stack spacing={2}>
      {field('partNumber', 'Part number')}
      {field('description', 'Description')}
      {field('imageUrl', 'Image for the choices')}
      <Typography variant="subtitle2" component="h3">
        Details
      </Typography>
      <ReorderList
        items={details}
        labelOf={(detail, index) => detail.caption || `detail ${index + 1}`}
        onMove={(from, to) => setDetails(moveItem(details, from, to))}
        onRemove={(index) => setDetails(removeAt(details, index))}
        render={(detail, index) => (
          <Stack spacing={1.5}>
            <TextField
              label="Caption"
              size="small"
              value={detail.caption}
              onChange={(event) => setDetails(replaceAt(details, index, { ...detail, caption: event.target.value }))}
              fullWidth
            />
            <ExpressionField
              label="Value"
              value={detail.value}
              model={model}
              expected="any"
              serverError={errors[`outputs.details[${index}].value`]}
              onChange={(value) => setDetails(replaceAt(details, index, { ...detail, value }))}
            />
          </Stack>
        )}
      />
      <AddButton onClick={() => setDetails([...details, { caption: '', value: "''" }])}>Add detail</AddButton>
      <Typography variant="subtitle2" component="h3">
        Messages
      </Typography>
      <ReorderList
        items={messages}
        labelOf={(message) => message.text || message.id}
        onMove={(from, to) => setMessages(moveItem(messages, from, to))}
        onRemove={(index) => setMessages(removeAt(messages, index))}
        render={(message, index) => (
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
              <TextField
                label="Text"
                size="small"
                value={message.text}
                onChange={(event) => setMessages(replaceAt(messages, index, { ...message, text: event.target.value }))}
                fullWidth
              />
              <TextField
                select
                label="Kind"
                size="small"
                value={message.severity}
                onChange={(event) =>
                  setMessages(
                    replaceAt(messages, index, { ...message, severity: event.target.value as TMessage['severity'] }),
                  )
                }
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="Information">Information</MenuItem>
                <MenuItem value="Warning">Warning</MenuItem>
                <MenuItem value="Critical">Critical</MenuItem>
              </TextField>
            </Stack>
            <ExpressionField
              label="Shown when"
              value={message.when}
              model={model}
              expected="boolean"
              serverError={errors[`messages[${index}].when`]}
              onChange={(when) => setMessages(replaceAt(messages, index, { ...message, when }))}
            />
          </Stack>
        )}
      />
      <AddButton
        onClick={() =>
          setMessages([
            ...messages,
            {
              id: nextId(
                'message',
                messages.map((m) => m.id),
              ),
              when: 'true',
              severity: 'Information',
              text: '',
            },
          ])
        }
      >
        Add message
      </AddButton>
    </Stack>
  );
}
