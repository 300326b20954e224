import { SUPER_ADMIN_LEVEL, type TErrorDetail, type TProductView } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api';
import { ConfirmDialog, EditFormFooter, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSession } from '../../auth/hooks/use-session';
import { useProductSubmit } from '../hooks/use-product-submit';
import { useDeleteProduct, useModels } from '../hooks/use-products';
import { KEEP_MODEL, type TModelChoice } from './model-choice';
import { ProductDetailsFields } from './product-details-fields';
import { productFormDefaults, type TProductForm, type TProductFormOutput, ZProductForm } from './product-form.schema';
import { ProductFormSection } from './product-form-section';
import { ProductImageField } from './product-image-field';
import { msgEditingProduct, PRODUCT_MSG } from './product-messages';
import { ProductModelPicker } from './product-model-picker';
import { ConfigurationFields, CostField, FixedPriceFields, PricingKindSwitch } from './product-pricing-fields';

type TProductFormProps = {
  /** The product to edit, or null to create one. */
  product: TProductView | null;
  /** The engine's objections to a model sent while the product was created. */
  initialModelErrors?: TErrorDetail[] | null;
};

const PAD = { px: { xs: 2.5, md: 4 } } as const;

/** The product form: /Products/create and /Products/edit/{id}. */
export function ProductForm({ product, initialModelErrors = null }: TProductFormProps) {
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  const [choice, setChoice] = useState<TModelChoice>(KEEP_MODEL);
  const [modelErrors, setModelErrors] = useState<TErrorDetail[] | null>(initialModelErrors);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const deleteProduct = useDeleteProduct();
  const { control, handleSubmit, reset, setError, formState } = useForm<TProductForm, unknown, TProductFormOutput>({
    resolver: zodResolver(ZProductForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: productFormDefaults(product),
  });
  const isFixed = useWatch({ control, name: 'isNonConfigurable' });
  const name = useWatch({ control, name: 'Name' });
  const models = useModels(!isFixed);
  const { guard, dialog } = useUnsavedChangesGuard(formState.isDirty || choice.kind !== 'keep');
  const { submit, isSaving } = useProductSubmit({
    product,
    choice,
    setError,
    onSaved: (saved, errors) => {
      reset(productFormDefaults(saved));
      setChoice(KEEP_MODEL);
      setModelErrors(errors);
    },
  });
  const canDelete = product !== null && (user?.roleLevel ?? 0) >= SUPER_ADMIN_LEVEL;

  const handleModelChange = (next: TModelChoice) => {
    setChoice(next);
    setModelErrors(null);
  };

  const handleDelete = async () => {
    if (!product) return;
    try {
      await deleteProduct.mutateAsync(product.ID);
      toast.success(PRODUCT_MSG.deleted);
      navigate('/Products', { replace: true });
    } catch (error) {
      setIsConfirmingDelete(false);
      toast.error(errorText(error));
    }
  };

  return (
    <Card component="form" noValidate onSubmit={handleSubmit(submit)} aria-labelledby="product-form-title">
      <Box sx={{ ...PAD, pt: { xs: 2.5, md: 3.5 }, pb: 2 }}>
        <Typography id="product-form-title" variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {product ? msgEditingProduct(product.Name) : 'Create Product'}
        </Typography>
        {product && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Part # {product.ProductNumber}
          </Typography>
        )}
      </Box>
      <Divider />
      <Stack spacing={4} sx={{ ...PAD, py: 3.5 }}>
        <ProductFormSection title="Details">
          <ProductDetailsFields control={control} />
        </ProductFormSection>
        <ProductFormSection title="Image" hint="Shown in the catalog and on quotes.">
          <ProductImageField control={control} name={name} />
        </ProductFormSection>
        <ProductFormSection
          title="Pricing"
          hint={
            isFixed ? 'Sold as is, at a fixed price.' : 'Priced by the configurator from the choices the buyer makes.'
          }
        >
          <PricingKindSwitch control={control} />
          {isFixed ? <FixedPriceFields control={control} /> : <ConfigurationFields control={control} />}
          <CostField control={control} />
        </ProductFormSection>
        {!isFixed && (
          <ProductFormSection
            title="Configuration Model"
            hint="The options and rules the configurator offers. Pick a listed model, or upload a model JSON file."
          >
            <ProductModelPicker
              models={models.data?.rows ?? []}
              isLoading={models.isPending}
              currentModelId={product?.modelId ?? null}
              choice={choice}
              onChange={handleModelChange}
              errors={modelErrors}
              onFileError={toast.error}
            />
          </ProductFormSection>
        )}
      </Stack>
      <Divider />
      <EditFormFooter
        showSave
        isSaving={isSaving}
        onCancel={() => guard(() => navigate('/Products'))}
        onDelete={canDelete ? () => setIsConfirmingDelete(true) : undefined}
        isDeleting={deleteProduct.isPending}
      />
      {dialog}
      <ConfirmDialog
        open={isConfirmingDelete}
        message={PRODUCT_MSG.deleteQuestion(product?.Name ?? '')}
        isPending={deleteProduct.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setIsConfirmingDelete(false)}
      />
    </Card>
  );
}
