// The sign-in's later steps, one chunk that LoginPage loads when a visitor starts filling in the form.
export { ForgotPasswordForm } from './forgot-password-form';
export { MailboxCodeForm } from './mailbox-code-form';
export { PasscodeForm } from './passcode-form';
