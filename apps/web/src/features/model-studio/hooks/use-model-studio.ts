import { MSG, msgModelPublished, type TModelDraft } from '@cpq/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { modelStudioApi } from '../api/model-studio.api';
import { errorsByPath } from '../logic/error-paths';
import { checkReportOf, publishRefusalOf, type TFindingsReport } from '../logic/findings';
import type { TModel } from '../logic/model-edits';

export const draftKey = (productId: number) => ['modelDraft', productId] as const;
export const versionsKey = (productId: number) => ['modelVersions', productId] as const;

/** What the author edits: the model and the draft version it was read at (0 before its first save). */
type TEditing = { model: TModel; version: number; isDirty: boolean };

/** The draft as the server holds it, not yet edited. */
const asRead = (draft: TModelDraft): TEditing => ({
  model: draft.model as TModel,
  version: draft.version,
  isDirty: false,
});

/**
 * The studio's state: the draft as read, the model being edited, field errors from the last refused save, the
 * findings of a refused publish and whether someone else saved the draft meanwhile (a reload prompt).
 */
export function useModelStudio(productId: number) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const draft = useQuery({ queryKey: draftKey(productId), queryFn: () => modelStudioApi.getDraft(productId) });
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [findings, setFindings] = useState<TFindingsReport | null>(null);
  const [isStale, setStale] = useState(false);
  const current: TEditing | null = editing ?? (draft.data ? asRead(draft.data) : null);

  const setModel = useCallback(
    (update: (model: TModel) => TModel) =>
      setEditing((previous) => {
        const base = previous ?? (draft.data && asRead(draft.data));
        return base ? { model: update(base.model), version: base.version, isDirty: true } : previous;
      }),
    [draft.data],
  );

  const accept = (saved: TModelDraft) => {
    queryClient.setQueryData(draftKey(productId), saved);
    setEditing(asRead(saved));
    setErrors({});
  };

  const refusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) setStale(true);
    else if (error instanceof ApiError && error.details.length > 0) setErrors(errorsByPath(error.details));
    toast.error(errorText(error));
  };

  const save = useMutation({
    mutationFn: (editing: TEditing) => modelStudioApi.saveDraft(productId, editing.version, editing.model),
    onSuccess: (saved) => {
      accept(saved);
      toast.success(MSG.modelDraftSaved);
    },
    onError: refusal,
  });

  const publish = useMutation({
    mutationFn: async (editing: TEditing) => {
      let version = editing.version;
      if (editing.isDirty || version === 0) {
        const saved = await modelStudioApi.saveDraft(productId, version, editing.model);
        accept(saved);
        version = saved.version;
      }
      return modelStudioApi.publish(productId, version);
    },
    onSuccess: (published) => {
      setFindings(null);
      toast.success(msgModelPublished(published.model.version));
      void queryClient.invalidateQueries({ queryKey: draftKey(productId) });
      void queryClient.invalidateQueries({ queryKey: versionsKey(productId) });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    },
    onError: (error) => {
      // What stands in the way of publishing is listed beside the editor, each problem also at its field.
      if (error instanceof ApiError && error.status !== 409 && error.details.length > 0) {
        setFindings(publishRefusalOf(error.details));
      }
      refusal(error);
    },
  });

  const check = useMutation({
    mutationFn: (model: TModel) => modelStudioApi.checkModel(productId, model),
    onSuccess: (result) => setFindings(checkReportOf(result)),
    onError: refusal,
  });

  /** Drops the edits and reads the draft again (after a conflict, or to start over). */
  const reload = async () => {
    setStale(false);
    setEditing(null);
    setErrors({});
    await queryClient.invalidateQueries({ queryKey: draftKey(productId) });
  };

  /** Replaces the whole model (a JSON import). */
  const replaceModel = (model: TModel) => setModel(() => model);

  return {
    draft,
    model: current?.model ?? null,
    version: current?.version ?? 0,
    isDirty: current?.isDirty ?? false,
    isSaved: (draft.data?.isSaved ?? false) || (current?.version ?? 0) > 0,
    errors,
    findings,
    isStale,
    setModel,
    replaceModel,
    save: () => current && save.mutate(current),
    publish: () => current && publish.mutate(current),
    isSaving: save.isPending,
    isPublishing: publish.isPending,
    check: () => current && check.mutate(current.model),
    isChecking: check.isPending,
    reload,
    dismissFindings: () => setFindings(null),
    dismissStale: () => setStale(false),
  };
}

export type TModelStudio = ReturnType<typeof useModelStudio>;
