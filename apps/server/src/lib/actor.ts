/** The signed-in caller, as every service sees it. */
export type TActor = {
  userId: number;
  username: string;
  roleId: string;
  roleLevel: number;
  pid: string;
  sessionId: string;
};
