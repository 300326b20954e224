type TSaveRuleFields = {
  isNonConfigurable: boolean;
  isQuickConfig: boolean;
  quantityInStock: number | null;
  defaultPrice: string | null;
};

/**
 * The product form's save rules (spec section 4): a fixed-price product is never quick-configured; a configurable
 * product has no stock count and no fixed price (its price comes from its configuration).
 */
export function applySaveRules<T extends TSaveRuleFields>(product: T): T {
  return product.isNonConfigurable
    ? { ...product, isQuickConfig: false }
    : { ...product, quantityInStock: null, defaultPrice: null };
}
