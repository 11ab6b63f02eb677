// First, so that a first visit's list request leaves before the rest of the app is even evaluated.
import './lib/early-request-send';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { registerServiceWorker } from './lib/service-worker';
import './styles/index.css';

const router = createAppRouter();
// A 401 has already cleared the session; the client only has to show the login screen.
setUnauthorizedHandler(() => void router.navigate('/login', { replace: true }));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
