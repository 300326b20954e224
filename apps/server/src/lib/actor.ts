/** The signed-in caller, as every service sees it. */
export type TActor = {
  userId: number;
  username: string;
  roleId: string;
  roleLevel: number;
  /** The role lets a user below administrator level see cost and margin (`canSeeMargin`). */
  showsMargin?: boolean;
  pid: string;
  sessionId: string;
};
