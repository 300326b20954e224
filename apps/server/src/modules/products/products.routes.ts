import { CompiledModels } from '../../compiler/compiled-models';
import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { DEMO_MODELS_DIR } from './demo-models';
import { checkModelFindings, diffModelVersions } from './model-check.service';
import { getModelDraft, getModelVersions, publishModel, saveModelDraft } from './model-drafts.service';
import { getModels, saveModel } from './product-models.service';
import { createProduct, deleteProduct, getProduct, getProducts, updateProduct } from './products.service';

type TProductPaths =
  | 'productManagement/getProducts'
  | 'productManagement/getProduct'
  | 'productManagement/createProduct'
  | 'productManagement/updateProduct'
  | 'productManagement/deleteProduct'
  | 'productManagement/getModels'
  | 'productManagement/saveModel'
  | 'productManagement/getModelDraft'
  | 'productManagement/saveModelDraft'
  | 'productManagement/getModelVersions'
  | 'productManagement/publishModel'
  | 'productManagement/checkModel'
  | 'productManagement/diffModels';

/**
 * Products and their configuration models. `models` is the process's cache of compiled model versions (a saved
 * model is compiled to check it, and kept); `demoModelsDir` is where the shipped demo models are read from.
 */
export function createProductHandlers(
  deps: TAppDeps,
  models = new CompiledModels(deps.compiler, { store: deps.diagrams }),
  demoModelsDir = DEMO_MODELS_DIR,
): THandlers<TProductPaths> {
  const context = (ctx: TRequestContext) => ({ db: deps.db, actor: signedIn(ctx), ip: ctx.ip, log: ctx.log });
  const compiling = (ctx: TRequestContext) => ({ ...context(ctx), compiler: deps.compiler, models });
  return {
    'productManagement/getProducts': (body, ctx) => getProducts(context(ctx), body),
    'productManagement/getProduct': (body, ctx) => getProduct(context(ctx), body.id),
    'productManagement/createProduct': (body, ctx) => createProduct(context(ctx), body.input),
    'productManagement/updateProduct': (body, ctx) => updateProduct(context(ctx), body.id, body.input, body.version),
    'productManagement/deleteProduct': (body, ctx) => deleteProduct(context(ctx), body.id),
    'productManagement/getModels': (_body, ctx) => getModels(context(ctx), demoModelsDir),
    'productManagement/saveModel': (body, ctx) => saveModel(compiling(ctx), body.productId, body.model),
    'productManagement/getModelDraft': (body, ctx) => getModelDraft(context(ctx), body.productId),
    'productManagement/saveModelDraft': (body, ctx) =>
      saveModelDraft(context(ctx), body.productId, body.version, body.model),
    'productManagement/getModelVersions': (body, ctx) => getModelVersions(context(ctx), body.productId),
    'productManagement/publishModel': (body, ctx) => publishModel(compiling(ctx), body.productId, body.version),
    'productManagement/checkModel': (body, ctx) => checkModelFindings(compiling(ctx), body.model, body.productId),
    'productManagement/diffModels': (body, ctx) => diffModelVersions(compiling(ctx), body.from, body.to),
  };
}
