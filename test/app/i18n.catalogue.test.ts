import { describe, expect, it } from 'vitest';

import en from '../../src/i18n/en';

type Messages = Record<string, unknown>;
const resources = en.resources as Record<string, Messages>;

const NOTIFICATIONS = ['created', 'updated', 'toggled', 'fetch_list_error', 'fetch_one_error', 'submit_error', 'toggle_error'];

/** Every key the shared list, form and button components look up, so that none shows raw on screen. */
describe.each([
    { resource: 'categories', deletable: false },
    { resource: 'subcategories', deletable: false },
    { resource: 'attribute', deletable: true },
    { resource: 'gst', deletable: true },
    { resource: 'products', deletable: false },
    { resource: 'pincode', deletable: true },
])('en messages of $resource', ({ resource, deletable }) => {
    const messages = resources[resource];

    it('name the resource, its fields and its empty list', () => {
        expect(messages.name).toMatch(/\|\|\|\|/);
        expect(Object.keys(messages.fields as Messages)).toEqual(expect.arrayContaining(['id', 'status', 'q']));
        expect(messages.empty).toEqual(expect.any(String));
        expect(messages.invite).toEqual(expect.any(String));
    });

    it('hold every notification its screens send', () => {
        const expected = deletable ? [...NOTIFICATIONS, 'deleted', 'delete_error'] : NOTIFICATIONS;
        expect(Object.keys(messages.notifications as Messages)).toEqual(expect.arrayContaining(expected));
    });
});

describe('the spec’s catalogue messages', () => {
    it.each([
        ['subcategories', 'created', 'SubCategory added successfully'],
        ['subcategories', 'updated', 'SubCategory updated successfully'],
        ['subcategories', 'fetch_list_error', 'Failed to fetch subcategories.'],
        ['subcategories', 'submit_error', 'Failed to submit subcategory. Please try again.'],
        ['subcategories', 'toggle_error', 'Failed to toggle subcategory status. Please try again.'],
        ['attribute', 'created', 'Attribute added successfully!'],
        ['attribute', 'updated', 'Attribute updated successfully!'],
        ['attribute', 'deleted', 'Attribute deleted successfully!'],
        ['attribute', 'submit_error', 'Error occurred while submitting the attribute.'],
        ['attribute', 'toggle_error', 'Error occurred while toggling the attribute status.'],
        ['attribute', 'delete_error', 'Error occurred while deleting the attribute.'],
        ['gst', 'fetch_list_error', 'Failed to fetch GST list. Please try again.'],
        ['gst', 'fetch_choices_error', 'Failed to load GST rates'],
        ['gst', 'submit_error', 'Failed to submit GST. Please try again.'],
        ['pincode', 'fetch_list_error', 'Failed to fetch pincodes. Please try again.'],
        ['pincode', 'submit_error', 'Failed to submit pincode.'],
    ])('%s %s: %s', (resource, key, text) => {
        expect((resources[resource].notifications as Messages)[key]).toBe(text);
    });

    it('has the empty states', () => {
        expect(resources.gst.empty).toBe('No GST rates found');
        expect(resources.gst.no_results).toBe('No GST entries found');
        expect(resources.pincode.empty).toBe('No pincodes found');
        expect(resources.subcategories.confirm_toggle).toBe('Are you sure you want to %{action} this subcategory?');
    });
});
