import { formatDate, type TPortalComment, ZPortalCommentRequest } from '@cpq/contracts';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { errorText } from '../../../lib/api';
import { useAddPortalComment } from '../hooks/use-portal-quote';

const ZComment = ZPortalCommentRequest.shape.comment;

function CommentItem({ item }: { item: TPortalComment }) {
  return (
    <Box component="li" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', color: 'text.secondary' }}>
        <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatDate(item.date)}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {item.author}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={item.fromCustomer ? 'default' : 'primary'}
          label={item.fromCustomer ? 'You' : 'Sales'}
        />
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.comment}</Typography>
    </Box>
  );
}

/**
 * The quote's comment thread (the customer's and the sales side's) and a box to add one. What is typed stays until
 * the server has it: a failed send keeps the text and says why.
 */
export function PortalComments({ token, comments }: { token: string; comments: TPortalComment[] }) {
  const add = useAddPortalComment(token);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZComment.safeParse(draft);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    add.mutate(parsed.data, { onSuccess: () => setDraft('') });
  };

  return (
    <Card component="section" aria-labelledby="portal-comments-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="portal-comments-title" variant="h5" component="h2" sx={{ mb: 1 }}>
        Questions and comments
      </Typography>
      {comments.length === 0 ? (
        <Typography color="text.secondary">No comments yet. Ask anything about this quote here.</Typography>
      ) : (
        <Box component="ul" aria-label="Comments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {comments.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: comments carry no id; the thread only grows at its end
            <CommentItem key={`${item.date}-${index}`} item={item} />
          ))}
        </Box>
      )}
      <Box component="form" noValidate onSubmit={handleSubmit} sx={{ mt: 2 }}>
        {add.error && (
          <Alert severity="error" sx={{ mb: 1.5 }}>
            {`${errorText(add.error)} Your comment is still in the box: send it again.`}
          </Alert>
        )}
        <TextField
          label="Your comment"
          name="comment"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          error={error !== null}
          helperText={error ?? 'The sender sees it with the quote.'}
        />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" endIcon={<Send />} loading={add.isPending}>
            Send comment
          </Button>
        </Stack>
      </Box>
    </Card>
  );
}
