import { lazy } from 'react';
import { Route } from 'react-router';

// One chunk per page, as in lazy-pages.ts; kept here so that each area's routes live in one file.
const ProductsPage = lazy(() =>
  import('../../features/products/pages/products-page').then((m) => ({ default: m.ProductsPage })),
);
const ProductEditPage = lazy(() =>
  import('../../features/products/pages/product-edit-page').then((m) => ({ default: m.ProductEditPage })),
);
const ModelStudioPage = lazy(() =>
  import('../../features/model-studio/pages/model-studio-page').then((m) => ({ default: m.ModelStudioPage })),
);
const PlatformsPage = lazy(() =>
  import('../../features/platforms/pages/platforms-page').then((m) => ({ default: m.PlatformsPage })),
);
const PlatformEditPage = lazy(() =>
  import('../../features/platforms/pages/platform-edit-page').then((m) => ({ default: m.PlatformEditPage })),
);
const StatusTypesPage = lazy(() =>
  import('../../features/status-types/pages/status-types-page').then((m) => ({ default: m.StatusTypesPage })),
);
const CustomersPage = lazy(() =>
  import('../../features/customers/pages/customers-page').then((m) => ({ default: m.CustomersPage })),
);
const PriceListsPage = lazy(() =>
  import('../../features/price-lists/pages/price-lists-page').then((m) => ({ default: m.PriceListsPage })),
);
const ApprovalRulesPage = lazy(() =>
  import('../../features/approvals/pages/approval-rules-page').then((m) => ({ default: m.ApprovalRulesPage })),
);
const AddressesPage = lazy(() =>
  import('../../features/addresses/pages/addresses-page').then((m) => ({ default: m.AddressesPage })),
);

/**
 * Products (with each product's model studio), Platforms, Status Types, Customers, Addresses, Price Lists and Approval
 * Rules. Rendered as children of the router's RequireAdmin route. /Platforms/create has no platform id yet, so it is
 * also accepted without one.
 */
export const referenceDataRoutes = [
  <Route key="Products" path="Products" element={<ProductsPage />} />,
  <Route key="Products/:action" path="Products/:action" element={<ProductEditPage />} />,
  <Route key="Products/:action/:id" path="Products/:action/:id" element={<ProductEditPage />} />,
  <Route key="Products/edit/:id/model" path="Products/edit/:id/model" element={<ModelStudioPage />} />,
  <Route key="Platforms" path="Platforms" element={<PlatformsPage />} />,
  <Route key="Platforms/:action" path="Platforms/:action" element={<PlatformEditPage />} />,
  <Route key="Platforms/:action/:pid" path="Platforms/:action/:pid" element={<PlatformEditPage />} />,
  <Route key="StatusTypes" path="StatusTypes" element={<StatusTypesPage />} />,
  <Route key="Customers" path="Customers" element={<CustomersPage />} />,
  <Route key="Addresses" path="Addresses" element={<AddressesPage />} />,
  <Route key="PriceLists" path="PriceLists" element={<PriceListsPage />} />,
  <Route key="ApprovalRules" path="ApprovalRules" element={<ApprovalRulesPage />} />,
];
