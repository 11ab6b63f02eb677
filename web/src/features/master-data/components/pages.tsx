// The screens of the route table, each a kind's description (and its list's endpoint) put into the
// shared list or edit page.
import { useArticles } from '../../../api/get-articles';
import { useDebitors } from '../../../api/get-debitors';
import { useUsers } from '../api/get-users';
import { articleResource } from '../kinds/articles';
import { creditorResource } from '../kinds/creditors';
import { debitorResource } from '../kinds/debitors';
import { userResource } from '../kinds/users';
import { MasterDataEditPage } from './master-data-edit-page';
import { RecordListPage } from './record-list-page';

export function ArticleListPage() {
  const articles = useArticles({ onlyActive: false });
  return <RecordListPage resource={articleResource} records={articles} />;
}

export function DebitorListPage() {
  const debitors = useDebitors({ onlyActive: false });
  return <RecordListPage resource={debitorResource} records={debitors} />;
}

export function UserListPage() {
  const users = useUsers();
  return <RecordListPage resource={userResource} records={users} />;
}

export const ArticleEditPage = () => <MasterDataEditPage resource={articleResource} />;
export const CreditorEditPage = () => <MasterDataEditPage resource={creditorResource} />;
export const DebitorEditPage = () => <MasterDataEditPage resource={debitorResource} />;
