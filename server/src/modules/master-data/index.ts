// The master-data module's door: articles, creditors and debitors each define their kind with it and
// register the shared routes; others ask whether a record exists.
export { defineMasterDataKind, type MasterDataKind } from './master-data.kind';
export { registerMasterDataRoutes } from './master-data.routes';
export { listMasterData } from './master-data.service';
export { masterDataExists } from './master-data.repository';
