import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useSession } from '../../auth/hooks/use-session';

// The dialog (grid, pager, search) downloads with the first opening, not with the page that offers it.
const ProductCatalogDialog = lazy(() =>
  import('./product-catalog-dialog').then((m) => ({ default: m.ProductCatalogDialog })),
);

/**
 * The Product Catalog for a page that offers it from its own button: `open()` shows it, `dialog` goes anywhere in
 * the page. `quoteId` is the quote chosen products go on (null: a new one). Without a signed-in user `canOpen` is
 * false (spec: "Opening it requires a logged-in user").
 */
export function useProductCatalog(quoteId: number | null): {
  canOpen: boolean;
  open: () => void;
  dialog: ReactNode;
} {
  const { user } = useSession();
  const [isOpen, setIsOpen] = useState(false);
  // Mounted from the first opening on, so that closing fades out instead of vanishing.
  const [hasOpened, setHasOpened] = useState(false);
  const open = () => {
    setHasOpened(true);
    setIsOpen(true);
  };
  const dialog =
    user && hasOpened ? (
      <Suspense fallback={null}>
        <ProductCatalogDialog open={isOpen} onClose={() => setIsOpen(false)} quoteId={quoteId} />
      </Suspense>
    ) : null;
  return { canOpen: user !== null, open, dialog };
}

type TProductCatalogButtonProps = {
  /** The quote chosen products go on; omit it to start a new quote. */
  quoteId?: number | null;
  label?: string;
  variant?: ButtonProps['variant'];
};

/** A button that opens the Product Catalog; nothing for visitors who are not signed in. */
export function ProductCatalogButton({
  quoteId = null,
  label = 'Product Catalog',
  variant = 'contained',
}: TProductCatalogButtonProps) {
  const catalog = useProductCatalog(quoteId);
  if (!catalog.canOpen) return null;
  return (
    <>
      <Button variant={variant} startIcon={<MenuBookOutlined />} onClick={catalog.open}>
        {label}
      </Button>
      {catalog.dialog}
    </>
  );
}
