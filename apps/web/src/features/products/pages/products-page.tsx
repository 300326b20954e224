import { SUPER_ADMIN_LEVEL, type TProductView } from '@cpq/contracts';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useNavigate } from 'react-router';
import { GenericList, routeQuery } from '../../../ui/generic-list';
import { useSession } from '../../auth/hooks/use-session';
import { ProductCard, productColumns } from '../components/product-columns';

const query = routeQuery('productManagement/getProducts');

/** /Products: the platform's products, by part number. Phones open a product by its part number. */
export function ProductsPage() {
  const navigate = useNavigate();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('md'));
  const isAllPlatforms = (useSession().user?.roleLevel ?? 0) >= SUPER_ADMIN_LEVEL;
  const open = (product: TProductView) =>
    navigate(`/Products/edit/${isPhone ? encodeURIComponent(product.ProductNumber) : product.ID}`);
  return (
    <GenericList
      listId="products"
      title="Products"
      queryKey={['products', 'list']}
      query={query}
      columns={productColumns(isAllPlatforms)}
      getRowId={(product) => product.ID}
      getRowLabel={(product) => `Edit ${product.Name}`}
      defaultOrder={['ProductNumber', 'ASC']}
      onRowClick={open}
      renderCard={(product) => <ProductCard product={product} isAllPlatforms={isAllPlatforms} />}
      create={{ label: 'Create Product', onClick: () => navigate('/Products/create') }}
      back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
      searchPlaceholder="Search part #, name or description"
      emptyState={{ title: 'No products yet', description: 'Create the first product of this platform.' }}
    />
  );
}
