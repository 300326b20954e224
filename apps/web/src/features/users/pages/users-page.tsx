import { MSG, msgDeleteUserQuestion, type TUser } from '@cpq/contracts';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, GenericList } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { usePresence } from '../../presence/hooks/use-presence';
import { usersAdminApi } from '../api/users-admin.api';
import { UserCard, userColumns } from '../components/user-columns';
import { USERS_LIST_KEY, useDeleteUser } from '../hooks/use-user-admin';

const editPath = (user: TUser) => `/Users/edit/${encodeURIComponent(user.username)}`;

/** /Users: the platform's users, online ones first, with live presence. */
export function UsersPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const { user: viewer } = useSession();
  const presence = usePresence();
  const deleteUser = useDeleteUser();
  const [toDelete, setToDelete] = useState<TUser | null>(null);
  if (!viewer) return null;

  // Live presence is the truth while connected; before that, the stored flag.
  const isOnline = (user: TUser) => (presence.isConnected ? presence.isOnline(user.id) : user.isLoggedIn);
  const handleDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteUser.mutateAsync(toDelete);
      setToDelete(null);
    } catch (error) {
      toast.error(errorText(error));
    }
  };

  return (
    <>
      <GenericList<TUser>
        listId="users"
        title="Users"
        subtitle="People who can sign in to your platform. Online status updates live."
        queryKey={USERS_LIST_KEY}
        query={usersAdminApi.getUsers}
        columns={userColumns(isOnline)}
        getRowId={(user) => user.id}
        getRowLabel={(user) => user.username}
        onRowClick={(user) => navigate(editPath(user))}
        renderCard={(user) => <UserCard user={user} isOnline={isOnline(user)} />}
        rowActions={(user) => [
          { label: 'Edit', icon: <EditOutlined fontSize="small" />, onClick: () => navigate(editPath(user)) },
          ...(user.id === viewer.id
            ? []
            : [
                {
                  label: 'Delete',
                  icon: <DeleteOutlineOutlined fontSize="small" />,
                  isDestructive: true,
                  onClick: () => setToDelete(user),
                },
              ]),
        ]}
        create={{ label: 'Create User', onClick: () => navigate('/Users/create') }}
        back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
        searchPlaceholder="Search by name or e-mail"
        bulkDelete={{
          question: MSG.deleteUsersQuestion,
          getName: (user) => user.username,
          canSelect: (user) => user.id !== viewer.id,
          onDelete: (users) => usersAdminApi.deleteUsers(users, viewer),
        }}
        emptyState={{ title: 'No users yet', description: 'Create the first user of this platform.' }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete user"
        message={toDelete ? msgDeleteUserQuestion(toDelete.username) : ''}
        isPending={deleteUser.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
