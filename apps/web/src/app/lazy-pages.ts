import { lazy } from 'react';

// One chunk per page: the sign-in screens never download the profile form, and vice versa.
export const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })),
);
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
export const HomePage = lazy(() => import('../features/home/pages/home-page').then((m) => ({ default: m.HomePage })));
export const MyProfilePage = lazy(() =>
  import('../features/profile/pages/my-profile-page').then((m) => ({ default: m.MyProfilePage })),
);
