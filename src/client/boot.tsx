import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

/** Starts React on the page's #root (loaded by main.tsx once the app shell has painted). */
export function boot(): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html is missing the #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
