import { formatDate } from '@cpq/contracts';
import { defuseLinks, renderMail } from '../../adapters/mail/layout';
import type { TMailMessage } from '../../deps';

/** The page a link opens: `PUBLIC_URL/q/<token>`. */
export const shareUrlOf = (publicUrl: string, token: string): string => `${publicUrl}/q/${token}`;

/**
 * The mail that carries a quote link to the address it was shared with: who shared which quote, until when the
 * link works, and the link as its one button. The rep's name and the project are typed by users, so the layout
 * defuses them; the link is the app's own.
 */
export function shareLinkMail(options: {
  to: string;
  pid: string;
  company: string;
  quoteId: number;
  projectName: string | null;
  sharedBy: string;
  expiresAt: Date;
  url: string;
  isReplacement?: boolean;
}): TMailMessage {
  const { quoteId, company, sharedBy } = options;
  const project = options.projectName ? ` (${options.projectName})` : '';
  const heading = options.isReplacement
    ? `The current version of quote #${quoteId}`
    : `${sharedBy} sent you quote #${quoteId}`;
  return {
    to: [options.to],
    pid: options.pid,
    // A subject is not laid out by renderMail: the platform's name, typed by an administrator, is defused here.
    subject: `${defuseLinks(company)}: quote #${quoteId}`,
    ...renderMail({
      heading,
      paragraphs: [
        options.isReplacement
          ? `Quote #${quoteId}${project} from ${company} changed after it was sent to you. This link opens its current version.`
          : `${sharedBy} of ${company} shared quote #${quoteId}${project} with you.`,
        'Open it to read it, choose among its optional items, comment on it and accept it. You need no account.',
        `The link works until ${formatDate(options.expiresAt)}.`,
      ],
      action: { label: `Open quote #${quoteId}`, url: options.url },
      footnote:
        'Whoever has this link can open the quote: do not forward it. Reply to your sales contact with any question.',
    }),
  };
}

/** The note to the quote's owner that the customer commented through a link, with a button to the quote. */
export function customerCommentMail(options: {
  to: string;
  pid: string;
  quoteId: number;
  author: string;
  comment: string;
  url: string;
}): TMailMessage {
  const { quoteId } = options;
  return {
    to: [options.to],
    pid: options.pid,
    subject: `Quote #${quoteId}: a comment from the customer`,
    ...renderMail({
      heading: `${options.author} commented on quote #${quoteId}`,
      paragraphs: [options.comment, 'Answer in the quote’s communications or reply to the customer directly.'],
      action: { label: `Open quote #${quoteId}`, url: options.url },
      footnote: 'You received this because the quote is yours and its customer wrote through its quote link.',
    }),
  };
}
