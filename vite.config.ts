import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on its own port (npm run dev); the built app is served by the API itself.
export default defineConfig({
    plugins: [react()],
    build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2500 },
    server: {
        port: 5173,
        proxy: {
            '/api': 'http://localhost:3000',
            '/uploads': 'http://localhost:3000',
        },
    },
});
