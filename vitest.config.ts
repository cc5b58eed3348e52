import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
    plugins: [react()],
    test: {
        projects: [
            {
                extends: true,
                test: {
                    name: 'server',
                    environment: 'node',
                    include: ['test/server/**/*.test.ts'],
                    testTimeout: 20_000,
                    hookTimeout: 30_000,
                },
            },
            {
                extends: true,
                test: {
                    name: 'app',
                    environment: 'jsdom',
                    include: ['test/app/**/*.test.{ts,tsx}'],
                    setupFiles: ['test/app/setup.ts'],
                    testTimeout: 20_000,
                },
            },
        ],
    },
});
