import type { Article } from '@lp/domain/entities';

export function toArticleResponse(row: {
  id: number;
  number: number;
  name: string;
  isActive: boolean;
}): Article {
  return { id: row.id, number: row.number, name: row.name, isActive: row.isActive };
}
