import { roleAllows } from '../../schema/access';
import type { Access } from '../../schema/types';
import { WEBHOOKS_ACCESS } from '../../schema/webhooks';

/** Hand-written screens that have no entity schema to say who may open them; any staff for the others. */
// GST returns are the business's books: administrators only, as the API says (server/features/reports).
const SCREENS: Record<string, Access> = { webhooks: WEBHOOKS_ACCESS, reports: 'admin' };

/** Whether this role may open the screen of a resource at all: a seller is not shown the webhooks, which the API refuses them. */
export const screenAllows = (resource: string | undefined, roleId: number): boolean => {
    const access = resource ? SCREENS[resource] : undefined;
    return !access || roleAllows(access, roleId);
};
