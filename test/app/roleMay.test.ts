import { describe, expect, it } from 'vitest';

import { entities } from '../../schema';
import { roleMay } from '../../src/authProvider/roleMay';

const entity = (name: string) => entities.find(e => e.name === name)!;
const admin = { id: 1, roleId: 1 };
const seller = { id: 2, roleId: 2 };
const customer = { id: 3, roleId: 3 };

describe('what each role is offered', () => {
    it('offers administrators everything', () => {
        for (const action of ['list', 'create', 'edit', 'toggle', 'delete']) {
            expect(roleMay(admin, entity('gst'), action)).toBe(true);
        }
    });

    it('offers sellers the catalogue but not tax rates, delivery charges or deletes', () => {
        expect(roleMay(seller, entity('categories'), 'create')).toBe(true);
        expect(roleMay(seller, entity('gst'), 'list')).toBe(true);
        expect(roleMay(seller, entity('gst'), 'edit')).toBe(false);
        expect(roleMay(seller, entity('pincode'), 'create')).toBe(false);
        expect(roleMay(seller, entity('attribute'), 'delete')).toBe(false);
    });

    it('offers sellers only the products they created', () => {
        expect(roleMay(seller, entity('products'), 'edit', { id: 9, createdBy: 2 })).toBe(true);
        expect(roleMay(seller, entity('products'), 'edit', { id: 9, createdBy: 5 })).toBe(false);
        expect(roleMay(seller, entity('products'), 'toggle', { id: 9, createdBy: null })).toBe(false);
        expect(roleMay(admin, entity('products'), 'edit', { id: 9, createdBy: 5 })).toBe(true);
    });

    it('offers customers nothing of the back-office', () => {
        expect(roleMay(customer, entity('products'), 'list')).toBe(false);
    });
});
