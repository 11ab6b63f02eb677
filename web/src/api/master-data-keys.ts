/** The four master-data resources: /api/<path> and /management/<path>. */
export type ResourcePath = 'articles' | 'creditors' | 'debitors' | 'users';

/**
 * Cache keys of master data, one per endpoint, shared by every screen that reads it (the master-data
 * screens, the booking forms, the list filter). Everything of one resource shares the prefix, so a
 * save invalidates its lists and records at once and every screen shows the change.
 */
export const masterDataKeys = {
  resource: (path: ResourcePath) => ['master-data', path] as const,
  lists: (path: ResourcePath) => ['master-data', path, 'list'] as const,
  list: (path: ResourcePath, onlyActive: boolean) => ['master-data', path, 'list', { onlyActive }] as const,
  record: (path: ResourcePath, key: number) => ['master-data', path, 'record', key] as const,
};
