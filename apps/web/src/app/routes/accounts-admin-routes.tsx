import { lazy } from 'react';
import { Route } from 'react-router';

// One chunk per page, as in lazy-pages.ts; kept here so that each area's routes live in one file.
const AdministrationPage = lazy(() =>
  import('../../features/administration/pages/administration-page').then((m) => ({ default: m.AdministrationPage })),
);
const UsersPage = lazy(() => import('../../features/users/pages/users-page').then((m) => ({ default: m.UsersPage })));
const UserEditPage = lazy(() =>
  import('../../features/users/pages/user-edit-page').then((m) => ({ default: m.UserEditPage })),
);
const RolesPage = lazy(() => import('../../features/roles/pages/roles-page').then((m) => ({ default: m.RolesPage })));
const JobsPage = lazy(() => import('../../features/jobs/pages/jobs-page').then((m) => ({ default: m.JobsPage })));

/**
 * Administration, Users, Role Management and the integration Jobs routes. Rendered as children of the router's RequireAdmin route
 * (an array of <Route> elements, not a component: <Routes> reads its route config from elements).
 */
export const accountsAdminRoutes = [
  <Route key="Administration" path="Administration" element={<AdministrationPage />} />,
  <Route key="Users" path="Users" element={<UsersPage />} />,
  <Route key="Users/:action" path="Users/:action" element={<UserEditPage />} />,
  <Route key="Users/:action/:username" path="Users/:action/:username" element={<UserEditPage />} />,
  <Route key="Role/:pid" path="Role/:pid" element={<RolesPage />} />,
  <Route key="Jobs" path="Jobs" element={<JobsPage />} />,
];
