import { isQuoteRequest, lockRefusal, ROLE_LEVEL, type TQuote } from '@cpq/contracts';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { useConvertQuoteRequest, useTakeQuoteRequest } from '../hooks/use-quote-request';
import { requestActionOf } from './quote-access';

type TBannerProps = { quote: TQuote; onReload: () => Promise<TQuote | undefined> };

/** The visitor's own view: their request went to the sales team, who answer at the address they gave. */
function VisitorNote({ quote }: { quote: TQuote }) {
  return (
    <Alert severity="info" icon={<MarkEmailReadOutlined />} className="no-print" sx={{ mb: 2.5 }}>
      <AlertTitle>Your quote request has been sent</AlertTitle>
      {quote.requestedBy
        ? `A sales representative will get in touch with you at ${quote.requestedBy}.`
        : 'A sales representative will get in touch with you.'}
    </Alert>
  );
}

/**
 * A quote request as the sales team sees it (spec: type 3, started by a public user): who asked, whether someone
 * has taken it, and the next step: Take Request while it is open, Convert to Quote once it is the reader's.
 */
export function QuoteRequestBanner({ quote, onReload }: TBannerProps) {
  const { user } = useSession();
  const toast = useToast();
  const take = useTakeQuoteRequest(quote.id);
  const convert = useConvertQuoteRequest(quote.id);
  if (!isQuoteRequest(quote) || !user) return null;
  if (user.roleLevel < ROLE_LEVEL.registered) return <VisitorNote quote={quote} />;

  // A refusal (someone else was quicker, a stale version) is said, and the request shown as it now is.
  const handleError = (error: unknown) => {
    toast.error(errorText(error));
    void onReload();
  };
  const handleTake = () =>
    take.mutate(undefined, {
      onSuccess: () => toast.success(`You took Quote Request #${quote.id}. Convert it to a quote when it is ready.`),
      onError: handleError,
    });
  const handleConvert = () =>
    convert.mutate(undefined, {
      onSuccess: () => toast.success(`Quote Request #${quote.id} is now Quote #${quote.id}.`),
      onError: handleError,
    });

  const from = quote.requestedBy ? `From ${quote.requestedBy}. ` : '';
  const action = requestActionOf(user, quote);
  if (action === 'take') {
    return (
      <RequestAlert
        icon={<RequestQuoteOutlined />}
        title="Nobody has taken this quote request yet"
        text={`${from}Take it to work on it: it becomes yours, and the others see that you have it.`}
        button={
          <Button
            variant="contained"
            loading={take.isPending}
            disabled={lockRefusal(quote) !== null}
            onClick={handleTake}
          >
            Take Request
          </Button>
        }
      />
    );
  }
  if (action === 'convert') {
    const email = quote.contact?.email;
    const contact = !email
      ? ''
      : email === quote.requestedBy
        ? ' with them as the contact'
        : ` with ${email} as the contact`;
    return (
      <RequestAlert
        severity="success"
        icon={<AssignmentIndOutlined />}
        title="This quote request is yours"
        text={`${from}Check its lines, then convert it: it becomes a quote${contact}.`}
        button={
          <Button
            variant="contained"
            loading={convert.isPending}
            disabled={lockRefusal(quote) !== null}
            onClick={handleConvert}
          >
            Convert to Quote
          </Button>
        }
      />
    );
  }
  return (
    <RequestAlert
      icon={<AssignmentIndOutlined />}
      title={`Taken by ${quote.takenBy ?? 'a sales representative'}`}
      text={`${from}It is theirs to answer; you can read it here.`}
    />
  );
}

type TRequestAlertProps = {
  severity?: 'info' | 'success';
  icon: ReactNode;
  title: string;
  text: string;
  button?: ReactNode;
};

/** The banner's frame: the button goes under the text, so a phone's narrow screen does not squeeze either. */
function RequestAlert({ severity = 'info', icon, title, text, button }: TRequestAlertProps) {
  return (
    <Alert severity={severity} icon={icon} className="no-print" sx={{ mb: 2.5 }} data-testid="quote-request-banner">
      <AlertTitle>{title}</AlertTitle>
      {text}
      {button && <Box sx={{ mt: 1.5 }}>{button}</Box>}
    </Alert>
  );
}
