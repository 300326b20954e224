import { z } from 'zod';

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

/** Server -> client `contentchange`: order statuses changed; lists refetch when the counter rises. */
export const ZContentChange = z.object({ activeOrders: z.array(z.unknown()), numItemsUpdated: z.number().int() });
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
