/**
 * Messages the web app needs that the spec does not word and contracts do not have yet. Candidates to move to
 * `MSG` in @cpq/contracts.
 */
export const PASSWORD_RESET_DONE = 'Your password has been reset. Sign in with your new password.';

/** Shown when the server cannot be reached at all (there is no envelope to read a message from). */
export const NETWORK_ERROR = 'Cannot reach the server. Check your connection and try again.';
