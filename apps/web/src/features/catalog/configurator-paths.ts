/** A version 4 GUID (spec section 9), also where `crypto.randomUUID` is missing (pages served over plain http). */
export function newGuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new configuration of a product: /Configurator/{productId}/{quoteId or 0}/{new GUID}. */
export const newConfigurationPath = (productId: number, quoteId: number | null): string =>
  `/Configurator/${productId}/${quoteId ?? 0}/${newGuid()}`;

/**
 * A saved configuration reopened in reconfigure mode: the configurationId query repeats the route's id (spec
 * section 4, "Reconfigure mode").
 */
export const reconfigurePath = (productId: number, quoteId: number | null, configurationId: string): string => {
  const id = encodeURIComponent(configurationId);
  return `/Configurator/${productId}/${quoteId ?? 0}/${id}?configurationId=${id}`;
};

/** The quote detail route. */
export const quotePath = (quoteId: number): string => `/Quote/${quoteId}`;
