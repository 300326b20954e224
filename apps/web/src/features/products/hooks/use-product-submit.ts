import type { TErrorDetail, TProductView } from '@cpq/contracts';
import { useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import type { TModelChoice } from '../components/model-choice';
import { type TProductForm, type TProductFormOutput, toProductInput } from '../components/product-form.schema';
import { PRODUCT_MSG } from '../components/product-messages';
import { useSaveModel, useSaveProduct } from './use-products';

/** Where the create step hands the engine's objections to the edit page it opens. */
export type TProductLocationState = { modelErrors?: TErrorDetail[] } | null;

type TOptions = {
  product: TProductView | null;
  choice: TModelChoice;
  setError: UseFormSetError<TProductForm>;
  /** After an update: the form takes the saved product as its new starting point. */
  onSaved: (product: TProductView, modelErrors: TErrorDetail[] | null) => void;
};

/**
 * Saves the product, then (configurable products) a chosen model JSON through saveModel. A new product opens in
 * edit mode; the server's field errors show under their fields, its message as a red toast.
 */
export function useProductSubmit({ product, choice, setError, onSaved }: TOptions) {
  const navigate = useNavigate();
  const toast = useToast();
  const saveProduct = useSaveProduct();
  const saveModel = useSaveModel();
  const [isSaving, setIsSaving] = useState(false);

  const storeModel = async (saved: TProductView): Promise<{ product: TProductView; errors: TErrorDetail[] | null }> => {
    if (choice.kind !== 'json' || saved.isNonConfigurable) return { product: saved, errors: null };
    try {
      const result = await saveModel.mutateAsync({ productId: saved.ID, model: choice.model });
      toast.success(PRODUCT_MSG.modelSaved(result.model.name, result.model.version));
      return { product: result.product, errors: null };
    } catch (error) {
      toast.error(errorText(error));
      return { product: saved, errors: error instanceof ApiError ? error.details : [] };
    }
  };

  const submit = async (values: TProductFormOutput) => {
    const modelId = choice.kind === 'version' && !values.isNonConfigurable ? choice.id : undefined;
    setIsSaving(true);
    try {
      const input = toProductInput(values, modelId);
      const saved = await saveProduct.mutateAsync(
        product ? { id: product.ID, version: product.version, input } : { id: null, input },
      );
      toast.success(product ? PRODUCT_MSG.updated : PRODUCT_MSG.created);
      const stored = await storeModel(saved);
      if (!product) {
        const state: TProductLocationState = stored.errors ? { modelErrors: stored.errors } : null;
        navigate(`/Products/edit/${saved.ID}`, { replace: true, state });
      } else {
        onSaved(stored.product, stored.errors);
      }
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.split('.').pop() as keyof TProductForm | undefined;
        if (field && field in values) setError(field, { message: detail.message });
      }
    } finally {
      setIsSaving(false);
    }
  };

  return { submit, isSaving };
}
