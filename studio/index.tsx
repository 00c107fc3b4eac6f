/** The Studio's entry: reads the settings the server put in the page and renders the application. */
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { readConfig } from './config';
import './styles.css';

const root = document.getElementById('root')!;
try {
  createRoot(root).render(<App config={readConfig(document)} />);
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
}
