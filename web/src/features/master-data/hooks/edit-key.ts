import { useSearchParams } from 'react-router';
import { BUSINESS_NUMBER_MAX } from '@lp/domain/limits';

/** What ?id= of an edit page names: a new record, or a business number / user id. */
export type EditKey = number | 'new';

/** 'new', a positive integer, or null for anything else (the page then says "not found"). */
export function parseEditKey(raw: string | null): EditKey | null {
  if (raw === 'new') return 'new';
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const key = Number(raw);
  return key >= 1 && key <= BUSINESS_NUMBER_MAX ? key : null;
}

export function useEditKey(): EditKey | null {
  const [params] = useSearchParams();
  return parseEditKey(params.get('id'));
}
