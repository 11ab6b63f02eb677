// The signed-in user as every route and service sees it (request.user).
export interface SessionUser {
  id: number;
  emailAddress: string;
  isAdmin: boolean;
  isActive: boolean;
  creditorNumber: number | null;
  tokenVersion: number;
  /** A confirmed second factor (decisions.md section 15). */
  secondFactor: boolean;
}
