// The screens of the route table, each a kind's description put into the shared list or edit page.
import { articleResource } from '../kinds/articles';
import { creditorResource } from '../kinds/creditors';
import { debitorResource } from '../kinds/debitors';
import { userResource } from '../kinds/users';
import { MasterDataEditPage } from './master-data-edit-page';
import { RecordListPage } from './record-list-page';

export const ArticleListPage = () => <RecordListPage resource={articleResource} />;
export const DebitorListPage = () => <RecordListPage resource={debitorResource} />;
export const UserListPage = () => <RecordListPage resource={userResource} />;

export const ArticleEditPage = () => <MasterDataEditPage resource={articleResource} />;
export const CreditorEditPage = () => <MasterDataEditPage resource={creditorResource} />;
export const DebitorEditPage = () => <MasterDataEditPage resource={debitorResource} />;
