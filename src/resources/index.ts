import type { ResourceProps } from 'react-admin';

import { entities } from '../../schema';
import { schemaResource, type ResourceOverrides } from '../crud/schemaResource';
import contacts from './contacts';
import orders from './orders';
import products from './products';
import users from './users';
import videos from './videos';

/** Views a resource folder replaces; every other view of a schema entity is generated. */
const overrides: Record<string, ResourceOverrides> = { products };

/** Resources that have no schema: hand-written from end to end. */
const unschemed: Record<string, Omit<ResourceProps, 'name'>> = { users, contacts, videos, orders };

/** Every screen of the app by resource name, the name its endpoint map entry and menu entry use. */
export const resources: Record<string, Omit<ResourceProps, 'name'>> = {
    ...Object.fromEntries(entities.map(entity => [entity.name, schemaResource(entity, overrides[entity.name])])),
    ...unschemed,
};
