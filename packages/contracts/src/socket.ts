import { z } from 'zod';
import { ZId } from './common';

export const ZOnlineUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type TOnlineUser = z.infer<typeof ZOnlineUser>;

/** Client -> server `userevent`: the user signed in or out. */
export const ZUserEventFromClient = z.object({ isLoggedIn: z.boolean() });
export type TUserEventFromClient = z.infer<typeof ZUserEventFromClient>;

/** Server -> client `userevent`: the online users of the caller's platform. */
export const ZUserEventFromServer = z.object({ users: z.array(ZOnlineUser) });
export type TUserEventFromServer = z.infer<typeof ZUserEventFromServer>;

/**
 * One order whose status changed (or that was just placed): `status` is the label to show (the status type's name,
 * else the ERP status, else the platform's order-complete label, else 'Ordered'), so screens replace it by id.
 */
export const ZOrderStatusChange = z.object({
  id: ZId,
  statusTypeId: ZId.nullable(),
  status: z.string(),
  version: z.number().int(),
});
export type TOrderStatusChange = z.infer<typeof ZOrderStatusChange>;

/**
 * Server -> client `contentchange`, sent to the platform's room after the change commits: the orders that changed
 * and how many; order lists refetch when the client's updated-orders counter rises.
 */
export const ZContentChange = z.object({
  activeOrders: z.array(ZOrderStatusChange),
  numItemsUpdated: z.number().int(),
  /**
   * Quotes their customer changed through a quote link (chose optional lines, commented): open screens of them
   * read them again when their version is newer than the one shown.
   */
  quotes: z.array(z.object({ id: ZId, version: z.number().int() })).optional(),
});
export type TContentChange = z.infer<typeof ZContentChange>;

/** The socket.io event maps, for typing both ends of the connection. */
export type TServerToClientEvents = {
  userevent: (payload: TUserEventFromServer) => void;
  contentchange: (payload: TContentChange) => void;
};
export type TClientToServerEvents = {
  userevent: (payload: TUserEventFromClient) => void;
  contentchange: (payload: unknown) => void;
};
