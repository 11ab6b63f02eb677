// Article: the edit form's schema (text inputs) and the server's schemas of POST/PUT /api/articles.
import { z } from 'zod';
import type { Article } from './entities';
import { masterDataFormRules, masterDataInputShape, masterDataRules, wireTypes } from './master-data.schema';

/** Structural schema of the request body (400 on wrong JSON types). */
export const articleInputSchema = wireTypes.object(masterDataInputShape);

/** The rules the server checks (200 with German messages); the output is what gets stored. */
export const articleSchema = z.object(masterDataRules);
export type ArticleInput = z.output<typeof articleSchema>;

/** Edit form (react-hook-form + zodResolver). Output: the body of POST/PUT /api/articles. */
export const articleFormSchema = z.object(masterDataFormRules);
export type ArticleFormValues = z.input<typeof articleFormSchema>;

export const emptyArticleFormValues: ArticleFormValues = { number: '', name: '', isActive: true };

export function toArticleFormValues(article: Article): ArticleFormValues {
  return { number: String(article.number), name: article.name, isActive: article.isActive };
}
