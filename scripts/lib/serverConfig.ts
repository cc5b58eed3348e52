import fs from 'node:fs';
import { loadConfig, type Config } from '../../server/config';

/**
 * The settings the server reads, for a command beside it: the environment, or a .env beside the package. A setting
 * the server would refuse ends the command with the reason, as it would end the server's start.
 */
export function serverConfig(): Config {
    if (fs.existsSync('.env')) process.loadEnvFile('.env');
    try {
        return loadConfig();
    } catch (error) {
        console.error(`Cannot start: ${(error as Error).message}`);
        process.exit(1);
    }
}
