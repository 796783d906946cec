import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { RequireAdmin, RequireAuth } from '../features/auth/index.js';
import { HomePage } from '../pages/home/HomePage.js';
import { LoginPage } from '../pages/login/LoginPage.js';
import { NotFoundPage } from '../pages/not-found/NotFoundPage.js';
import { ProfilePage } from '../pages/profile/ProfilePage.js';
import { SearchPage } from '../pages/search/SearchPage.js';
import { TopicPage } from '../pages/topic/TopicPage.js';
import { VotePage } from '../pages/vote/VotePage.js';
import { PageSpinner } from '../shared/ui/Spinner.js';
import { RootLayout } from './layout/RootLayout.js';

// Admin screens are code-split: their chunks load only after RequireAdmin has let an administrator in.
const AdminPanelPage = lazy(() => import('../pages/admin/panel/AdminPanelPage.js'));
const AdminCategoriesPage = lazy(() => import('../pages/admin/categories/AdminCategoriesPage.js'));
const AdminTagsPage = lazy(() => import('../pages/admin/tags/AdminTagsPage.js'));
const AdminTopicsPage = lazy(() => import('../pages/admin/topics/AdminTopicsPage.js'));
const AdminTopicEditPage = lazy(() => import('../pages/admin/topic-edit/AdminTopicEditPage.js'));
const AdminTranslationsPage = lazy(() => import('../pages/admin/translations/AdminTranslationsPage.js'));
const AdminUsersPage = lazy(() => import('../pages/admin/users/AdminUsersPage.js'));
const AdminAuditPage = lazy(() => import('../pages/admin/audit/AdminAuditPage.js'));

function AdminOutlet() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}

/** SPEC section 2 route table. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'search', element: <SearchPage /> },
      { path: 'topic/:slug', element: <TopicPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: '404', element: <NotFoundPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'vote/:topicId', element: <VotePage /> },
        ],
      },
      {
        path: 'admin',
        element: <RequireAdmin />,
        children: [
          {
            element: <AdminOutlet />,
            children: [
              { index: true, element: <AdminPanelPage /> },
              { path: 'categories', element: <AdminCategoriesPage /> },
              { path: 'tags', element: <AdminTagsPage /> },
              { path: 'topics', element: <AdminTopicsPage /> },
              { path: 'topics/edit/:slug', element: <AdminTopicEditPage /> },
              { path: 'translations', element: <AdminTranslationsPage /> },
              { path: 'users', element: <AdminUsersPage /> },
              { path: 'audit', element: <AdminAuditPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
]);
