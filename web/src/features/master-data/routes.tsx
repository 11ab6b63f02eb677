// Routes of the master data (spec route table): the hub /management with its four lists, and the
// edit pages beside it. Each screen is loaded on first visit.
import type { RouteObject } from 'react-router';

const pages = () => import('./components/pages');

export const masterDataRoutes: RouteObject[] = [
  {
    path: 'management',
    lazy: () => import('./components/management-layout').then((m) => ({ Component: m.ManagementLayout })),
    children: [
      {
        index: true,
        lazy: () => import('./components/management-index').then((m) => ({ Component: m.ManagementIndex })),
      },
      { path: 'articles', lazy: () => pages().then((m) => ({ Component: m.ArticleListPage })) },
      {
        path: 'creditors',
        lazy: () =>
          import('./components/creditor-list-page').then((m) => ({ Component: m.CreditorListPage })),
      },
      { path: 'debitors', lazy: () => pages().then((m) => ({ Component: m.DebitorListPage })) },
      { path: 'users', lazy: () => pages().then((m) => ({ Component: m.UserListPage })) },
    ],
  },
  { path: 'management/articles/edit', lazy: () => pages().then((m) => ({ Component: m.ArticleEditPage })) },
  { path: 'management/creditors/edit', lazy: () => pages().then((m) => ({ Component: m.CreditorEditPage })) },
  { path: 'management/debitors/edit', lazy: () => pages().then((m) => ({ Component: m.DebitorEditPage })) },
  {
    path: 'management/users/edit',
    lazy: () => import('./components/user-edit-page').then((m) => ({ Component: m.UserEditPage })),
  },
];
