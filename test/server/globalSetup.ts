import { spawn } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { dropStaleRunDatabases, newRun, prepareTemplates } from './templateDatabase';

declare module 'vitest' {
    export interface ProvidedContext {
        /** The run's name, which the PostgreSQL databases its tests make carry, so that its end drops them. */
        testRun: string;
    }
}

/**
 * The templates, before any test file starts, and the run's name. On PostgreSQL the run's databases are dropped
 * after it, by a process of its own that the run does not wait for: a DROP DATABASE forces a checkpoint (0.3 s
 * each, one at a time), 400 of them two minutes. A run cut short leaves its databases to the next run's start.
 */
export default async function setup(project: TestProject) {
    const url = process.env.TEST_DATABASE_URL;
    await prepareTemplates(url);
    if (url) await dropStaleRunDatabases(url, 6);
    const run = newRun();
    project.provide('testRun', run);
    return () => {
        if (url) spawn(process.execPath, ['--import', 'tsx', 'test/server/dropRun.ts', url, run], { detached: true, stdio: 'ignore' }).unref();
    };
}
