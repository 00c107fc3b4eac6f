import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppClient } from './supabase-client';
import './index.css';

const url = import.meta.env.VITE_SUPABASE_URL;
const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY;
if (!url || !anonKey) {
  throw new Error('VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY are not set: copy .env.example to .env.local and fill them in.');
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App supabase={createAppClient(url, anonKey)} />
  </StrictMode>,
);
