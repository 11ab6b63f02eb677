import type { Debitor } from '@lp/domain/entities';

export function toDebitorResponse(row: {
  id: number;
  number: number;
  name: string;
  street: string;
  zipCode: string;
  city: string;
  isActive: boolean;
}): Debitor {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    street: row.street,
    zipCode: row.zipCode,
    city: row.city,
    isActive: row.isActive,
  };
}
