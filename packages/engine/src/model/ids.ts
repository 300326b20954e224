/** Identifier of an option of a product model (the option's `id`). */
export type OptionId = string & { readonly __brand: 'OptionId' };

/** Identifier of a constraint of a product model (the constraint's `id`). */
export type ConstraintId = string & { readonly __brand: 'ConstraintId' };

/** Brands a plain string as an option id. */
export const toOptionId = (id: string): OptionId => id as OptionId;

/** Brands a plain string as a constraint id. */
export const toConstraintId = (id: string): ConstraintId => id as ConstraintId;
