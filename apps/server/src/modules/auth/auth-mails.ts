import { ownText, PRODUCT_NAME, renderMail } from '../../adapters/mail/layout';
import type { TMailMessage } from '../../deps';

/** The 'forgot password' mail: a one-hour link, and reassurance for whoever did not ask. */
export function passwordResetMail(to: { username: string; pid: string }, link: string): TMailMessage {
  return {
    to: [to.username],
    pid: to.pid,
    subject: `Reset your ${PRODUCT_NAME} password`,
    ...renderMail({
      heading: 'Reset your password',
      paragraphs: [
        // The recipient's own address, in their own mail: shown as written (as below).
        ownText(`Someone asked to reset the password of the ${PRODUCT_NAME} account ${to.username}.`),
        'Use the button below to choose a new password. The link works once and expires in one hour.',
      ],
      action: { label: 'Choose a new password', url: link },
      footnote: 'If you did not ask for this, you can ignore this mail: your password stays as it is.',
    }),
  };
}

/** A new user's welcome: their sign-in address and a link to set their own password (never a password). */
export function newUserMail(to: { username: string; pid: string; firstName: string }, link: string, signInUrl: string) {
  const greeting = to.firstName ? `Hello ${to.firstName},` : 'Hello,';
  const message: TMailMessage = {
    to: [to.username],
    pid: to.pid,
    subject: `Your ${PRODUCT_NAME} account`,
    ...renderMail({
      heading: `Welcome to ${PRODUCT_NAME}`,
      paragraphs: [
        greeting,
        ownText(
          `An account has been created for you. You sign in at ${signInUrl} with this e-mail address: ${to.username}.`,
        ),
        'Use the button below to set your password. The link works once and expires in 72 hours.',
      ],
      action: { label: 'Set your password', url: link },
      footnote: 'If the link has expired, use "Forgot password" on the sign-in page to get a new one.',
    }),
  };
  return message;
}

/** The mailbox check of a first authenticator enrolment: a six-digit code, ten minutes, once. */
export function mailboxCodeMail(to: { username: string; pid: string }, code: string): TMailMessage {
  return {
    to: [to.username],
    pid: to.pid,
    subject: `Your ${PRODUCT_NAME} sign-in code`,
    ...renderMail({
      heading: 'Confirm your e-mail address',
      paragraphs: [
        ownText(
          `Someone signed in to the ${PRODUCT_NAME} account ${to.username} and is setting up an authenticator app.`,
        ),
        `Enter this code on the sign-in page: ${code}. It works once and expires in 10 minutes.`,
      ],
      footnote:
        'If this was not you, do not share the code: someone knows your password. Change it with "Forgot password".',
    }),
  };
}
