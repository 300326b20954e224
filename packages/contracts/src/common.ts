import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PASSWORD_MIN_LENGTH, PG_INT_MAX } from './limits';
import { MSG, msgNoLargerThan } from './messages';

/** An e-mail address, with the spec's messages. */
export const ZEmail = z
  .string({ error: MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, MSG.emailRequired)
  .max(254, MSG.invalidEmail)
  .pipe(z.email(MSG.invalidEmail));

const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{8,}$/;

/** A password meeting the spec's rules: 8+ characters with a lowercase, an uppercase, a digit and a special. */
export const ZPassword = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .max(200, MSG.passwordRules)
  .refine((value) => value.length >= PASSWORD_MIN_LENGTH && PASSWORD_PATTERN.test(value), MSG.passwordRules);

export const ZGuid = z.uuid();

/**
 * A whole number that fits the PostgreSQL `integer` column it is compared with or stored in. Past PG_INT_MAX the
 * database would fail the whole query, so the field itself is refused (400 naming it) instead. The range is checked
 * before wholeness so that a huge number (1e20) is told this message first, not zod's safe-integer one.
 */
export const ZInt = z.number().max(PG_INT_MAX, msgNoLargerThan(PG_INT_MAX)).int();

/** A database id: a positive integer within the serial column's range. */
export const ZId = ZInt.positive();

/**
 * A record's version: every edit raises it. An update that names the version it was read at is refused with 409
 * (MSG.conflict) when someone else changed the record since, so concurrent edits never silently overwrite.
 */
export const ZVersion = ZInt.positive();

export const ZSortDirection = z.enum(['ASC', 'DESC']);

/**
 * The paged-list query of the spec. `order` is `[field, direction]`; the route decides its default order and which
 * fields may be sorted and searched. `attributes` narrows the columns returned.
 */
export const ZPagedQuery = z.strictObject({
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  offset: ZInt.min(0).default(0),
  order: z.tuple([z.string().min(1).max(64), ZSortDirection]).optional(),
  search: z.string().trim().max(200).optional(),
  attributes: z.array(z.string().min(1).max(64)).max(64).optional(),
});
export type TPagedQuery = z.infer<typeof ZPagedQuery>;

/** A page of rows and the total count of rows matching the search. */
export const ZPage = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), count: z.number().int() });

/** '1' / '0' flags, as the spec sends platform and status-type booleans. */
export const ZFlag = z.enum(['1', '0']);
export type TFlag = z.infer<typeof ZFlag>;

export const ZIsoDate = z.string();

export const ZEmpty = z.strictObject({});

/** `{ id }` payload of get and delete calls. */
export const ZByNumericId = z.strictObject({ id: ZId });
export const ZByStringId = z.strictObject({ id: z.string().min(1).max(64) });

export const ZOk = z.object({ ok: z.literal(true) });
