import { formatDate, MSG, type TCommunication, ZCreateCommunicationRequest } from '@cpq/contracts';
import Send from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { useAddCommunication, useCommunications } from '../hooks/use-communications';
import { commentDraftKey, useSessionValue } from '../hooks/use-session-value';
import { LoadErrorAlert } from './load-error-alert';

const ZComment = ZCreateCommunicationRequest.shape.input.shape.comment;

/** A comment the customer wrote through the quote's link: the server names its writer '<name> (customer)'. */
export const isCustomerComment = (item: Pick<TCommunication, 'username'>): boolean =>
  item.username.endsWith(' (customer)');

/** One comment: the date MM/DD/YYYY, the comment and its writer (marked when it is the customer). */
export function CommunicationItem({ item }: { item: TCommunication }) {
  return (
    <Box component="li" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', color: 'text.secondary' }}>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatDate(item.date)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.username}
        </Typography>
        {isCustomerComment(item) && <Chip size="small" color="info" variant="outlined" label="From the quote link" />}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.comment}</Typography>
    </Box>
  );
}

/** The list of comments, oldest first (a scroll area of 400 px on screen, in full when printed). */
export function CommunicationsList({ items }: { items: TCommunication[] }) {
  if (items.length === 0) return <Typography color="text.secondary">No comments yet.</Typography>;
  return (
    <Box
      component="ul"
      aria-label="Comments"
      className="quote-comments"
      sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 400, overflowY: 'auto' }}
    >
      {items.map((item) => (
        <CommunicationItem key={item.id} item={item} />
      ))}
    </Box>
  );
}

/** The Lines tab's communications panel: the comments and an add box whose draft survives a reload. */
export function CommunicationsPanel({ quoteId, isLocked = false }: { quoteId: number; isLocked?: boolean }) {
  const toast = useToast();
  const communications = useCommunications(quoteId);
  const add = useAddCommunication(quoteId);
  const [draft, setDraft] = useSessionValue(commentDraftKey(quoteId));
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZComment.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => setDraft(''),
      onError: (failure) => toast.error(errorText(failure)),
    });
  };

  let list = <CommunicationsList items={communications.data?.rows ?? []} />;
  if (communications.isPending) list = <CircularProgress size={24} aria-label="Loading the comments" />;
  if (communications.isError) {
    list = <LoadErrorAlert error={communications.error} onRetry={() => void communications.refetch()} />;
  }
  return (
    <Card component="section" aria-labelledby="quote-comments-title" sx={{ p: { xs: 2, md: 2.5 } }}>
      <Typography id="quote-comments-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Comments
      </Typography>
      {list}
      {isLocked ? (
        <Typography role="note" variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {MSG.quoteLocked}
        </Typography>
      ) : (
        <Box component="form" noValidate onSubmit={handleSubmit} sx={{ mt: 2 }}>
          <TextField
            label="Add a comment"
            name="comment"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={2}
            fullWidth
            error={error !== null}
            helperText={error ?? ' '}
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" endIcon={<Send />} loading={add.isPending}>
              Add Comment
            </Button>
          </Stack>
        </Box>
      )}
    </Card>
  );
}
