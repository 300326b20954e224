import { lazyResolver } from '../../../lib/lazy-resolver';
import type {
  TCredentialsForm,
  TForgotForm,
  TPasscodeForm,
  TResetPasswordForm,
  TSignUpForm,
} from './auth-forms.schema';

const load = () => Promise.all([import('@hookform/resolvers/zod'), import('./auth-forms.schema')]);

/** Resolvers of the sign-in forms; the zod schemas load after first paint (see lazyResolver). */
export const authResolvers = {
  credentials: lazyResolver<TCredentialsForm>(() => load().then(([r, s]) => r.zodResolver(s.ZCredentialsForm))),
  forgot: lazyResolver<TForgotForm>(() => load().then(([r, s]) => r.zodResolver(s.ZForgotForm))),
  passcode: lazyResolver<TPasscodeForm>(() => load().then(([r, s]) => r.zodResolver(s.ZPasscodeForm))),
  signUp: lazyResolver<TSignUpForm>(() => load().then(([r, s]) => r.zodResolver(s.ZSignUpForm))),
  resetPassword: lazyResolver<TResetPasswordForm>(() => load().then(([r, s]) => r.zodResolver(s.ZResetPasswordForm))),
};

/** Fetches the schemas in the background; AuthLayout calls it at the first sign that a form is being filled in. */
export const preloadAuthSchemas = (): void => {
  void authResolvers.credentials.preload().catch(() => undefined);
};
