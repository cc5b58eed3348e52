import type { DataProvider } from 'react-admin';
import { setShopTimeZone } from '../common/shopTime';
import type { HttpClient } from '../http/httpClient';

const WRITES = ['create', 'update', 'delete', 'deleteMany', 'toggleStatus'] as const;

/**
 * After any write to the settings, learns the shop's zone again from /me, so the screens read the new clock at
 * once rather than on the next visit. /me answers which settings are in force (the newest active), a rule kept
 * on the server alone.
 */
export function withShopClock<P extends DataProvider>(provider: P, apiUrl: string, httpClient: HttpClient): P {
    const wrapped: Record<string, unknown> = { ...provider };
    for (const method of WRITES) {
        const write = provider[method] as ((resource: string, ...rest: unknown[]) => Promise<unknown>) | undefined;
        if (!write) continue;
        wrapped[method] = async (resource: string, ...rest: unknown[]) => {
            const answer = await write(resource, ...rest);
            if (resource === 'settings') {
                // The write is done: a failed read of the zone leaves the old one until the next visit.
                await httpClient(`${apiUrl}/me`).then(({ json }) => setShopTimeZone((json as { shopTimeZone?: string }).shopTimeZone), () => undefined);
            }
            return answer;
        };
    }
    return wrapped as P;
}
