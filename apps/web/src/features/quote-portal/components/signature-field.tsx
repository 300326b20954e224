import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type Control, useController } from 'react-hook-form';
import { TextInput } from '../../../ui/text-input';
import type { TAcceptForm, TAcceptFormValues } from '../logic/accept-form.schema';
import { SignaturePad } from './signature-pad';

/** Script faces most systems have, for the typed signature's look (the text is what is signed). */
const SCRIPT_FONT = '"Segoe Script", "Snell Roundhand", "Brush Script MT", "URW Chancery L", "Z003", cursive';

type TSignatureFieldProps = {
  control: Control<TAcceptForm, unknown, TAcceptFormValues>;
  /** The signer's full name as typed, to start the typed signature with. */
  signerName: string;
};

/**
 * The signature: Draw (a box for mouse, finger or pen) or Type (the name in a script face, the keyboard's way to
 * sign). Both panels stay mounted, so switching tabs keeps a drawing.
 */
export function SignatureField({ control, signerName }: TSignatureFieldProps) {
  const mode = useController({ control, name: 'signature.mode' });
  const drawn = useController({ control, name: 'signature.png' });
  const typed = useController({ control, name: 'signature.text' });
  const isTyped = mode.field.value === 'typed';

  const handleTab = (next: 'drawn' | 'typed') => {
    mode.field.onChange(next);
    if (next === 'typed' && !typed.field.value) typed.field.onChange(signerName);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
        Signature
      </Typography>
      <Tabs
        value={mode.field.value}
        onChange={(_event, next: 'drawn' | 'typed') => handleTab(next)}
        aria-label="How to sign"
        sx={{ minHeight: 40, mb: 1.5 }}
      >
        <Tab value="drawn" label="Draw" id="signature-tab-drawn" aria-controls="signature-panel-drawn" />
        <Tab value="typed" label="Type" id="signature-tab-typed" aria-controls="signature-panel-typed" />
      </Tabs>
      <Box role="tabpanel" id="signature-panel-drawn" aria-labelledby="signature-tab-drawn" hidden={isTyped}>
        <SignaturePad
          onChange={drawn.field.onChange}
          hasSignature={drawn.field.value !== ''}
          isInvalid={Boolean(drawn.fieldState.error)}
          describedBy="signature-draw-help"
        />
        <FormHelperText id="signature-draw-help" error={Boolean(drawn.fieldState.error)}>
          {drawn.fieldState.error?.message ?? 'Sign with your mouse, finger or pen. Cannot draw? Choose Type.'}
        </FormHelperText>
      </Box>
      <Box role="tabpanel" id="signature-panel-typed" aria-labelledby="signature-tab-typed" hidden={!isTyped}>
        <TextInput
          label="Type your signature"
          name={typed.field.name}
          value={typed.field.value}
          onChange={typed.field.onChange}
          onBlur={typed.field.onBlur}
          inputRef={typed.field.ref}
          error={Boolean(typed.fieldState.error)}
          helperText={typed.fieldState.error?.message}
        />
        <Box
          aria-hidden
          sx={{
            mt: 1.5,
            px: 2,
            minHeight: 88,
            display: 'flex',
            alignItems: 'center',
            bgcolor: '#ffffff',
            color: '#1b1f2a',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontFamily: SCRIPT_FONT,
            // Where no script face is installed (a bare Linux), the fallback still reads as a signature.
            fontStyle: 'italic',
            fontSize: { xs: '1.75rem', md: '2.25rem' },
            overflowWrap: 'anywhere',
          }}
        >
          {typed.field.value}
        </Box>
      </Box>
    </Box>
  );
}
