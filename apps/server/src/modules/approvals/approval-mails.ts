import { renderMail } from '../../adapters/mail/layout';
import type { TMailMessage } from '../../deps';

type TQuoteMailFacts = { pid: string; quoteId: number; quoteName: string | null; url: string };

const quoteTitle = (facts: TQuoteMailFacts) =>
  `quote #${facts.quoteId}${facts.quoteName ? ` (${facts.quoteName})` : ''}`;

/** To an approver: a quote waits for their decision at a step. */
export function approvalRequestMail(
  facts: TQuoteMailFacts & { to: string; stepName: string; rules: string[]; submittedBy: string },
): TMailMessage {
  return {
    to: [facts.to],
    pid: facts.pid,
    subject: `Quote #${facts.quoteId} waits for your approval`,
    ...renderMail({
      heading: `${facts.submittedBy} asks for your approval of ${quoteTitle(facts)}`,
      paragraphs: [`Step: ${facts.stepName}.`, `The quote meets: ${facts.rules.join('; ')}.`],
      action: { label: `Open quote #${facts.quoteId}`, url: facts.url },
      footnote:
        'You received this because you approve this step. Any approver of the same or a higher level may decide in your place.',
    }),
  };
}

/** To the quote's owner: the last step approved, or a step rejected with the approver's comment. */
export function approvalDecisionMail(
  facts: TQuoteMailFacts & { to: string; decision: 'approved' | 'rejected'; by: string; comment: string | null },
): TMailMessage {
  const isApproved = facts.decision === 'approved';
  return {
    to: [facts.to],
    pid: facts.pid,
    subject: `Quote #${facts.quoteId} ${isApproved ? 'is approved' : 'was rejected'}`,
    ...renderMail({
      heading: `${facts.by} ${isApproved ? 'approved' : 'rejected'} ${quoteTitle(facts)}`,
      paragraphs: [
        ...(facts.comment ? [`Comment: ${facts.comment}`] : []),
        isApproved
          ? 'Every approval step is done: the quote can be printed, ordered and paid.'
          : 'Change the quote as the comment asks and submit it for approval again.',
      ],
      action: { label: `Open quote #${facts.quoteId}`, url: facts.url },
      footnote: 'You received this because the quote is yours.',
    }),
  };
}
