type TSchemas = typeof import('./auth-forms.schema');

let pending: Promise<TSchemas> | null = null;

/** The schemas module (and zod with it), fetched once; a failed download is tried again at the next use. */
function loadSchemas(): Promise<TSchemas> {
  pending ??= import('./auth-forms.schema').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/** The sign-in forms' schemas, loaded after first paint: the forms validate on submit only. */
export const authSchemas = {
  credentials: { load: () => loadSchemas().then((s) => s.ZCredentialsForm) },
  forgot: { load: () => loadSchemas().then((s) => s.ZForgotForm) },
  passcode: { load: () => loadSchemas().then((s) => s.ZPasscodeForm) },
  signUp: { load: () => loadSchemas().then((s) => s.ZSignUpForm) },
  resetPassword: { load: () => loadSchemas().then((s) => s.ZResetPasswordForm) },
};

/** Fetches the schemas in the background; AuthLayout calls it at the first sign that a form is being filled in. */
export const preloadAuthSchemas = (): void => {
  void loadSchemas().catch(() => undefined);
};
