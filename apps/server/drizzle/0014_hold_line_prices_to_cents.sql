-- Unit prices are held to cents when a line is priced (the money module's rule). Lines of quotes and quote requests
-- priced before that rule are held to cents now and their quotes' totals derived again by it, so every surface shows
-- the same figures; an order keeps the prices and total it was placed with.
UPDATE "quote_lines" AS l
SET "price" = round(l."price", 2), "sales_price" = round(l."sales_price", 2)
FROM "quotes" AS q
WHERE q."id" = l."quote_id" AND q."type" <> 2
  AND (l."price" <> round(l."price", 2) OR l."sales_price" <> round(l."sales_price", 2));
--> statement-breakpoint
UPDATE "quotes" AS q
SET "total_cost" = t."total", "version" = q."version" + 1, "updated_at" = now()
FROM (
  SELECT "quote_id", sum(round("price", 2) * "quantity") AS "total" FROM "quote_lines" GROUP BY "quote_id"
) AS t
WHERE t."quote_id" = q."id" AND q."type" <> 2 AND q."total_cost" <> t."total"
  AND abs(t."total") <= 999999999999999.99;
