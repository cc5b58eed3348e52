import { afterEach } from 'vitest';
import { cleanUp } from './helpers';

// Registered for every test file: the server suite shares one module graph per worker (isolate: false), so a
// hook registered when helpers.ts was first imported would belong to the first file alone.
afterEach(cleanUp);
