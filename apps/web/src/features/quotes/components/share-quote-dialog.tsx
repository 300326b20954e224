import { PORTAL_MSG, type TQuote, type TShareQuoteResult, ZShareQuoteRequest } from '@cpq/contracts';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../lib/api';
import { ResponsiveDialog } from '../../../ui/responsive-dialog';
import { TextInput } from '../../../ui/text-input';
import { useShareQuote } from '../hooks/use-quote-shares';
import { quoteTitle } from './quote-lines';
import { defaultExpiryDate, expiryOf, maxExpiryDate, toDateInput } from './share-expiry';

const ZEmailField = ZShareQuoteRequest.shape.email;

/** Said under a failed share of a quote never printed: the server only shares a printed revision. */
const CREATE_QUOTE_HINT = 'Close this window, use Create Quote to print the quote, then share it again.';

type TShareQuoteDialogProps = { quote: TQuote; open: boolean; onClose: () => void };

/** The link once it exists: shown this one time (the server keeps only its hash), with Copy. */
function SharedLink({ result }: { result: TShareQuoteResult }) {
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = () => void navigator.clipboard?.writeText(result.url).then(() => setIsCopied(true));
  return (
    <Stack sx={{ gap: 2 }}>
      <Alert severity="success" role="status">{`Sent to ${result.share.email}`}</Alert>
      <TextInput
        label="Link"
        value={result.url}
        readOnly
        onFocus={(event) => event.target.select()}
        endAdornment={
          <InputAdornment position="end">
            <Button size="small" startIcon={<ContentCopy />} onClick={handleCopy}>
              {isCopied ? 'Copied' : 'Copy'}
            </Button>
          </InputAdornment>
        }
        helperText="This is the only time the link is shown. Copy it now if you want to send it yourself too."
      />
    </Stack>
  );
}

/**
 * Share: the address (the quote's contact's, to start with) and the date the link stops working; the answer's link
 * shows once, with Copy, and the mail has gone to that address.
 */
export function ShareQuoteDialog({ quote, open, onClose }: TShareQuoteDialogProps) {
  const share = useShareQuote(quote.id);
  const [email, setEmail] = useState(quote.contact?.email ?? '');
  const [expiry, setExpiry] = useState(defaultExpiryDate);
  const [errors, setErrors] = useState<{ email?: string; expiry?: string }>({});

  const handleClose = () => {
    if (share.isPending) return;
    share.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsedEmail = ZEmailField.safeParse(email.trim());
    const expiresAt = expiryOf(expiry);
    const next = {
      email: parsedEmail.success ? undefined : parsedEmail.error.issues[0]?.message,
      expiry: 'error' in expiresAt ? expiresAt.error : undefined,
    };
    setErrors(next);
    if (!parsedEmail.success || 'error' in expiresAt) return;
    share.mutate({ id: quote.id, version: quote.version, email: parsedEmail.data, expiresAt: expiresAt.iso });
  };

  return (
    <ResponsiveDialog
      open={open}
      onClose={share.isPending ? undefined : handleClose}
      titleId="share-quote-title"
      title={`Share ${quoteTitle(quote)}`}
    >
      {share.data ? (
        <>
          <DialogContent>
            <SharedLink result={share.data} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button variant="contained" onClick={handleClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={handleSubmit} aria-label="Share the quote">
          <DialogContent sx={{ pt: 1 }}>
            <Typography color="text.secondary" sx={{ mb: 2.5 }}>
              The customer gets a link to this quote by e-mail. They can read it, choose optional lines, comment and
              accept it without an account.
            </Typography>
            {share.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {errorText(share.error)}
                {errorText(share.error) === PORTAL_MSG.printFirst && ` ${CREATE_QUOTE_HINT}`}
              </Alert>
            )}
            <Stack sx={{ gap: 2.5 }}>
              <TextInput
                label="E-mail"
                name="email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={Boolean(errors.email)}
                helperText={errors.email}
              />
              <TextInput
                label="Link works until"
                name="expiresAt"
                type="date"
                required
                isLabelFloating
                value={expiry}
                onChange={(event) => setExpiry(event.target.value)}
                inputProps={{ min: toDateInput(new Date()), max: maxExpiryDate() }}
                error={Boolean(errors.expiry)}
                helperText={errors.expiry ?? 'The end of that day. At most a year from today.'}
              />
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button color="inherit" disabled={share.isPending} onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" endIcon={<Send />} loading={share.isPending}>
              Share
            </Button>
          </DialogActions>
        </form>
      )}
    </ResponsiveDialog>
  );
}
