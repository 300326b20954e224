import { msgProductModelTooComplex } from '@cpq/contracts';
import {
  type CompiledDiagram,
  type CompiledProduct,
  compileModel,
  normaliseParams,
  type ParamsInput,
  type ProductModel,
  parseModel,
} from '@cpq/engine';
import { AppError } from '../../lib/app-error';
import { ModelTooComplexError, type TModelCompiler } from './model-compiler';

/** How many compiled model versions a process keeps (Megane's diagram and indexes take a few MB). */
export const COMPILED_MODELS_CAPACITY = 32;

/** Param bindings whose core was too complex, remembered per process so that requests do not compile them again. */
const REFUSED_VARIANTS_CAPACITY = 64;

/** A user's start on a stored version that does not compile within the limits: 422, saying why. */
const tooComplexForUsers = (error: unknown): unknown =>
  error instanceof ModelTooComplexError
    ? new AppError('MODEL_TOO_COMPLEX', msgProductModelTooComplex(error.limit), [
        { path: 'productId', message: msgProductModelTooComplex(error.limit) },
      ])
    : error;

/**
 * Compiled product models per model version (`product_models.id`, whose content never changes), in a bounded
 * least-recently-used cache: each version compiles once per process, in the compiler's worker threads, and
 * concurrent first requests share one compile. Only the assembly of the compiled model from the worker's diagram
 * runs on the calling thread. A version too complex to compile is remembered as such; any other failure is not
 * kept, so the next request tries again.
 */
export class CompiledModels {
  private readonly entries = new Map<number, Promise<CompiledProduct>>();
  private readonly variants = new WeakMap<CompiledProduct, Map<string, Promise<void>>>();

  constructor(
    private readonly compiler: TModelCompiler,
    private readonly capacity = COMPILED_MODELS_CAPACITY,
  ) {}

  /** The compiled model of version `modelId`; `load` reads its JSON, only on a miss. */
  get(modelId: number, load: () => Promise<unknown>): Promise<CompiledProduct> {
    const cached = this.entries.get(modelId);
    if (cached) {
      this.entries.delete(modelId);
      this.entries.set(modelId, cached);
      return cached;
    }
    const compiling = load()
      .then(async (json) => {
        const model = parseModel(json);
        return this.assemble(model, (await this.compiler.compile(model)).diagram);
      })
      .catch((error: unknown) => {
        throw tooComplexForUsers(error);
      });
    this.put(modelId, compiling);
    compiling.catch((error: unknown) => {
      const isKept = error instanceof AppError && error.code === 'MODEL_TOO_COMPLEX';
      if (!isKept && this.entries.get(modelId) === compiling) this.entries.delete(modelId);
    });
    return compiling;
  }

  /** Keeps a version compiled elsewhere (a model just saved, compiled to check it), sparing its first start. */
  put(modelId: number, compiled: Promise<CompiledProduct>): void {
    this.entries.set(modelId, compiled);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The compiled model from a diagram the compiler made, with the same limits (cheap: nothing is compiled). */
  assemble(model: ProductModel, diagram: CompiledDiagram): CompiledProduct {
    const { budgetMs, maxNodes } = this.compiler.limits;
    return compileModel(model, { diagram, budgetMs, maxNodes });
  }

  /**
   * Makes sure the core for `params` is compiled, in the worker threads, before a session is created with them:
   * a model whose rules read params (the bicycle's `state`) has a core per distinct binding, which the engine would
   * otherwise compile on the calling thread. Concurrent requests for one binding share one compile.
   */
  async ready(compiled: CompiledProduct, params: ParamsInput | undefined): Promise<void> {
    const values = normaliseParams(compiled.model, params);
    if (compiled.hasVariant(values)) return;
    const key = JSON.stringify(compiled.coreParams.map((name) => values[name] ?? null));
    let pending = this.variants.get(compiled);
    if (!pending) {
      pending = new Map();
      this.variants.set(compiled, pending);
    }
    let compiling = pending.get(key);
    if (!compiling) {
      const forKey = this.compiler.compile(compiled.model, values).then(({ diagram }) => {
        compiled.variant(values, diagram);
      });
      compiling = forKey;
      pending.set(key, forKey);
      // Done ones leave (the engine keeps the core); too complex ones stay, a bounded few.
      forKey.then(
        () => pending.delete(key),
        (error: unknown) => {
          if (!(error instanceof ModelTooComplexError)) pending.delete(key);
          if (pending.size > REFUSED_VARIANTS_CAPACITY) pending.delete(pending.keys().next().value as string);
        },
      );
    }
    await compiling.catch((error: unknown) => {
      throw tooComplexForUsers(error);
    });
  }

  get size(): number {
    return this.entries.size;
  }
}
