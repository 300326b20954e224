import {
  APPROVAL_METRIC_LABEL,
  conditionText,
  msgApprovalRuleDeleted,
  SUPER_ADMIN_LEVEL,
  type TApprovalRule,
} from '@cpq/contracts';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, GenericList, routeQuery, type TListColumn } from '../../../ui/generic-list';
import { lazyPart, usePreloadWhenIdle } from '../../../ui/lazy-part';
import { PartProgress } from '../../../ui/part-progress';
import { RowActionButtons } from '../../../ui/row-action-buttons';
import { useEditorPanel } from '../../../ui/use-editor-panel';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { APPROVAL_RULE_LIST_KEY, useDeleteApprovalRule } from '../hooks/use-approvals';

const query = routeQuery('approvalManagement/getApprovalRules');

// The editor panel (its form, the product and user pickers and the zod schemas) is not on the list's first screen.
const ApprovalRulePanel = lazyPart(() => import('../components/approval-rule-panel').then((m) => m.ApprovalRulePanel));

/** Who approves a rule, in words. */
function approverText(rule: TApprovalRule): string {
  const level = rule.approverLevel === null ? null : `Level ${rule.approverLevel}+`;
  return [level, ...rule.approverUsernames].filter(Boolean).join(', ');
}

/** /ApprovalRules: the platform's approval rules, chained by step, edited in a slide-in panel. */
export function ApprovalRulesPage() {
  usePreloadWhenIdle(ApprovalRulePanel);
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const panel = useEditorPanel<TApprovalRule>();
  const remove = useDeleteApprovalRule();
  const [deleting, setDeleting] = useState<TApprovalRule | null>(null);

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(msgApprovalRuleDeleted(deleting.id));
    } catch (error) {
      toast.error(errorText(error));
    }
    setDeleting(null);
  };

  const columns: TListColumn<TApprovalRule>[] = [
    { id: 'name', header: 'Name', size: 180 },
    { id: 'step', header: 'Step', size: 90, align: 'right' },
    { id: 'metric', header: 'Looks at', size: 170, cell: (row) => APPROVAL_METRIC_LABEL[row.metric] },
    {
      id: 'condition',
      header: 'Condition',
      size: 300,
      sortField: false,
      cell: conditionText,
    },
    { id: 'approvers', header: 'Approved by', size: 240, sortField: false, cell: approverText },
    ...((user?.roleLevel ?? 0) >= SUPER_ADMIN_LEVEL ? [{ id: 'pid', header: 'Platform', size: 130 }] : []),
    {
      id: 'actions',
      header: 'Actions',
      size: 110,
      sortField: false,
      cell: (row) => (
        <RowActionButtons label={row.name} onEdit={() => panel.openEdit(row)} onDelete={() => setDeleting(row)} />
      ),
    },
  ];

  return (
    <>
      <GenericList
        listId="approvalRules"
        title="Approval Rules"
        subtitle="Which quotes need approval (discounts, margin, total, products), by whom, and in which order."
        queryKey={APPROVAL_RULE_LIST_KEY}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        getRowLabel={(row) => `Edit ${row.name}`}
        defaultOrder={['step', 'ASC']}
        onRowClick={panel.openEdit}
        create={{ label: 'Create Approval Rule', onClick: panel.openCreate }}
        back={{ label: 'Back to Administration', onClick: () => navigate('/Administration') }}
        searchPlaceholder="Search approval rules"
        emptyState={{
          title: 'No approval rules yet',
          description: 'Create a rule, such as a manager above 10% line discount and a director above 30%.',
        }}
      />
      {panel.key > 0 && (
        <Suspense fallback={<PartProgress />}>
          <ApprovalRulePanel key={panel.key} open={panel.isOpen} rule={panel.row} onClose={panel.close} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        message={`Are you sure you want to delete ${deleting?.name ?? ''}? Quotes already submitted keep their steps.`}
        isPending={remove.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
