import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first so that component styles, imported by App, win ties in the cascade.
import './app/styles/global.css';
import { App } from './app/App.js';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
