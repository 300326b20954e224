/**
 * The messages of the sign-in screens and of the shell around every page (session, network and render errors, the
 * CRM hand-off), word for word from the spec like the rest of MSG, which includes them. Apart so that the web app's
 * first screen carries these few and not every message of the product.
 */
export const SHELL_MSG = {
  renderError:
    "Oops! Something went wrong... Try refreshing the page, if that doesn't work please come back and try again later.",
  networkError: 'Cannot reach the server. Check your connection and try again.',
  internal: 'Something went wrong on our side. Try again; if it keeps happening, contact support.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  loginFailed: 'Login failed!',
  signUpFailed: 'Sign up failed!',
  incorrectPasscode: 'Incorrect Passcode.',
  resetEmailSent: 'Password reset email sent!',
  crmCreatingQuote: 'Creating a new Quote from SalesForce...',
} as const;

/** 'Successfully logged in as {user}' */
export const msgLoggedInAs = (user: string): string => `Successfully logged in as ${user}`;
/** 'Successfully created Quote #: {n}' */
export const msgCrmQuoteCreated = (n: number | string): string => `Successfully created Quote #: ${n}`;
/** 'Error creating a quote from salesforce: {error}' */
export const msgCrmQuoteError = (error: string): string => `Error creating a quote from salesforce: ${error}`;
