import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  // http://127.0.0.1:3000 is the site_url that `supabase init` writes into config.toml ([auth]),
  // so magic links from the local stack come back to this dev server, or to the preview of the
  // built files: both listen exactly there ("localhost" may be only ::1 on Node 18+).
  server: { host: '127.0.0.1', port: 3000, strictPort: true },
  preview: { host: '127.0.0.1', port: 3000, strictPort: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
  },
});
