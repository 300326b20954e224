import type { quoteLines, quotes } from '../../db/schema';

export type TQuoteRow = typeof quotes.$inferSelect;
export type TQuoteLineRow = typeof quoteLines.$inferSelect;
export type TQuoteInsert = Omit<typeof quotes.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type TQuoteLineInsert = Omit<typeof quoteLines.$inferInsert, 'id' | 'createdAt'>;
