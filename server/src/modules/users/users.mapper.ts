import type { User } from '@lp/domain/entities';

/** The user as the API answers it: never a password or hash. */
export function toUserResponse(row: {
  id: number;
  emailAddress: string;
  isAdmin: boolean;
  isActive: boolean;
  creditorNumber: number | null;
}): User {
  return {
    id: row.id,
    emailAddress: row.emailAddress,
    isAdmin: row.isAdmin,
    isActive: row.isActive,
    creditorNumber: row.creditorNumber,
  };
}
