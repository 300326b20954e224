import { ADMIN_LEVEL, SUPER_ADMIN_LEVEL } from '@cpq/contracts';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import Button from '@mui/material/Button';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../auth/hooks/use-session';
import { OrderList } from '../components/order-list';

/** /Orders/{username} or /Orders/{pid}. */
export const ordersPath = (key: string): string => `/Orders/${encodeURIComponent(key)}`;

/**
 * /Orders/{key} (spec route table): a key with '@' is a username (own orders; levels 0 and 1 only their own), any
 * other key a platform id (administrators only: a level 5 sees their own platform, a level 9 every platform).
 * Administrators reach the platform's list from their own with 'All Orders'.
 */
export function OrdersPage() {
  const { user } = useSession();
  const { key = '' } = useParams();
  const navigate = useNavigate();
  if (!user) return null;
  const isAdmin = user.roleLevel >= ADMIN_LEVEL;
  const own = ordersPath(user.username);
  const isUserKey = key.includes('@');
  const isOwn = isUserKey && key.toLowerCase() === user.username.toLowerCase();

  if (isUserKey) {
    if (!isOwn && !isAdmin) return <Navigate to={own} replace />;
    return (
      <OrderList
        key={key}
        listId="orders"
        title={isOwn ? 'Orders' : `Orders of ${key}`}
        username={key}
        toolbarActions={
          isAdmin ? (
            <Button variant="outlined" startIcon={<ListAltOutlined />} onClick={() => navigate(ordersPath(user.pid))}>
              All Orders
            </Button>
          ) : undefined
        }
        emptyState={{
          title: 'No orders yet',
          description: isOwn ? 'Place an order from a quote’s Summary tab: your orders show here.' : undefined,
        }}
      />
    );
  }
  if (!isAdmin) return <Navigate to={own} replace />;
  if (user.roleLevel < SUPER_ADMIN_LEVEL && key !== user.pid) return <Navigate to={ordersPath(user.pid)} replace />;
  return (
    <OrderList
      key={key}
      listId="platform-orders"
      title="All Orders"
      scope={user.roleLevel >= SUPER_ADMIN_LEVEL ? 'Every platform' : `Platform ${key}`}
      back={{ label: 'Back to My Orders', onClick: () => navigate(own) }}
      emptyState={{ title: 'No orders yet', description: 'The platform’s orders show here once they are placed.' }}
    />
  );
}
