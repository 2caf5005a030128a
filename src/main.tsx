import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { unstableSetRender } from 'antd-mobile';
import { router } from './routes.tsx';
import './styles.css';

// antd-mobile renders its pop-ups with React's legacy root API; React 19 needs this bridge
unstableSetRender((node, container) => {
  const host = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
  host._reactRoot ??= createRoot(host);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
