import { roleAllows } from '../../schema/access';
import type { Access } from '../../schema/types';
import { WEBHOOKS_ACCESS } from '../../schema/webhooks';

/** Hand-written screens that have no entity schema to say who may open them; any staff for the others. */
const SCREENS: Record<string, Access> = { webhooks: WEBHOOKS_ACCESS };

/** Whether this role may open the screen of a resource at all: a seller is not shown the webhooks, which the API refuses them. */
export const screenAllows = (resource: string | undefined, roleId: number): boolean => {
    const access = resource ? SCREENS[resource] : undefined;
    return !access || roleAllows(access, roleId);
};
