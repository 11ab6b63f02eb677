import type { ColumnMapping } from '@lp/domain/upload-sheet';
import { api } from '../../../lib/api-client';

/** PUT /api/upload/column-mapping: offered again for this user's next file with the same headers. */
export function rememberColumnMapping(headers: readonly string[], mapping: ColumnMapping): Promise<void> {
  return api.put('/api/upload/column-mapping', { headers, mapping });
}
