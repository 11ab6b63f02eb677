import type { Creditor } from '@lp/domain/entities';

export function toCreditorResponse(row: {
  id: number;
  number: number;
  name: string;
  isActive: boolean;
  lastTransactionCreationDate: Date | null;
}): Creditor {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    isActive: row.isActive,
    lastTransactionCreationDate: row.lastTransactionCreationDate?.toISOString() ?? null,
  };
}
