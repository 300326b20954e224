import { EM_DASH, type TRequestOf } from '@cpq/contracts';
import AssignmentIndOutlined from '@mui/icons-material/AssignmentIndOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog, GenericList, type TListQueryFn, type TRowAction } from '../../../ui/generic-list';
import { useSession } from '../../auth/hooks/use-session';
import { canEditQuote } from '../../quotes/components/quote-access';
import { quoteListsApi } from '../api/quote-lists.api';
import { QUOTE_LISTS_KEY, useQuoteListMutations } from '../hooks/use-quote-list-mutations';
import { useStatusNames } from '../hooks/use-status-names';
import { useTakeRequest } from '../hooks/use-take-request';
import { QuoteCard } from './quote-card';
import { customerName, quoteColumns, statusName, type TQuoteRow } from './quote-columns';

/** Which quotes a list shows: the getQuotes filters besides the page, search and order. */
export type TQuoteFilter = Pick<TRequestOf<'quoteManagement/getQuotes'>, 'username' | 'type'>;

type TQuoteListProps = {
  /** Names the list in the remembered layout. */
  listId: string;
  title: string;
  subtitle?: ReactNode;
  filter: TQuoteFilter;
  /** The admin list adds the creator's column. */
  hasCreatedBy?: boolean;
  /** A super admin's list spans every platform: it shows each quote's platform. */
  hasPlatform?: boolean;
  /**
   * The quote requests variant: who asked and who took each one; the row menu opens, takes an open request and
   * deletes what the caller may change (no copy).
   */
  isRequests?: boolean;
  create?: { label: string; onClick: () => void };
  back?: { label: string; onClick: () => void };
  toolbarActions?: ReactNode;
  emptyState: { title: string; description?: string };
};

/** 'Are you sure you want to delete quote #12 (Ann Lee)?' */
export function deleteQuestion(row: TQuoteRow): string {
  const customer = customerName(row);
  return `Are you sure you want to delete quote #${row.id}${customer === EM_DASH ? '' : ` (${customer})`}?`;
}

const label = (row: TQuoteRow) => `Quote #${row.id}${row.name ? ` ${row.name}` : ''}`;

/**
 * A list of quotes over getQuotes (default order createdDate descending): row click opens /Quote/{id}; the row
 * menu edits, copies (optimistic) and deletes after 'Yes, Delete' (optimistic).
 */
export function QuoteList(props: TQuoteListProps) {
  const { listId, title, subtitle, filter, hasCreatedBy = false, hasPlatform = false, create, back } = props;
  const { isRequests = false } = props;
  const navigate = useNavigate();
  const { user } = useSession();
  const statusNames = useStatusNames();
  const { copyQuote, deleteQuote } = useQuoteListMutations();
  const { takeRequest } = useTakeRequest();
  const [deleting, setDeleting] = useState<TQuoteRow | null>(null);

  // The list pages, sorts and searches; the rows are whole quotes (no `attributes`).
  const query: TListQueryFn<TQuoteRow> = ({ limit, offset, order, search }, signal) =>
    quoteListsApi.getQuotes({ ...filter, limit, offset, order, search }, signal);
  const open = (row: TQuoteRow) => {
    if (!row.isPending) navigate(`/Quote/${row.id}`);
  };
  const deleteAction = (row: TQuoteRow): TRowAction => ({
    label: 'Delete',
    icon: <DeleteOutline fontSize="small" />,
    isDestructive: true,
    onClick: () => setDeleting(row),
  });
  const quoteActions = (row: TQuoteRow): TRowAction[] => [
    { label: 'Edit', icon: <EditOutlined fontSize="small" />, onClick: () => open(row) },
    { label: 'Copy', icon: <ContentCopyOutlined fontSize="small" />, onClick: () => copyQuote(row) },
    deleteAction(row),
  ];
  const requestActions = (row: TQuoteRow): TRowAction[] => {
    const actions: TRowAction[] = [{ label: 'Open', icon: <OpenInNew fontSize="small" />, onClick: () => open(row) }];
    if (row.takenBy === null) {
      actions.push({
        label: 'Take',
        icon: <AssignmentIndOutlined fontSize="small" />,
        onClick: () => takeRequest(row.id),
      });
    }
    if (canEditQuote(user, row)) actions.push(deleteAction(row));
    return actions;
  };
  const rowActions = (row: TQuoteRow): TRowAction[] => {
    if (row.isPending) return [];
    return isRequests ? requestActions(row) : quoteActions(row);
  };

  return (
    <>
      <GenericList
        listId={listId}
        title={title}
        subtitle={subtitle}
        queryKey={[...QUOTE_LISTS_KEY, filter]}
        query={query}
        columns={quoteColumns({ statusNames, hasCreatedBy, hasPlatform, isRequests })}
        getRowId={(row) => row._id ?? row.id}
        getRowLabel={(row) => (row.isPending ? 'Quote copy being saved' : label(row))}
        defaultOrder={['createdDate', 'DESC']}
        onRowClick={open}
        rowActions={rowActions}
        renderCard={(row) =>
          isRequests ? (
            <QuoteCard
              quote={row}
              status={row.takenBy ? 'Taken' : 'Open'}
              hasCreatedBy={false}
              customer={row.requestedBy ? `From ${row.requestedBy}` : undefined}
              note={row.takenBy ? `Taken by ${row.takenBy}` : undefined}
            />
          ) : (
            <QuoteCard quote={row} status={statusName(row, statusNames)} hasCreatedBy={hasCreatedBy} />
          )
        }
        create={create}
        back={back}
        toolbarActions={props.toolbarActions}
        searchPlaceholder="Search #, project or customer"
        emptyState={props.emptyState}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete quote"
        message={deleting ? deleteQuestion(deleting) : ''}
        onConfirm={() => {
          if (deleting) deleteQuote(deleting);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
