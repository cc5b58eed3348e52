import { defineEntity } from './types';

export const attribute = defineEntity({
    name: 'attribute',
    table: 'attributes',
    noun: ['attribute', 'attributes'],
    tag: 'Attributes',
    paths: {
        list: '/attribute',
        item: '/attribute/:id',
        create: '/attribute',
        update: '/attribute/:id',
        toggle: '/attribute/:id/toggle-status',
        remove: '/attribute/:id',
    },
    fields: {
        name: { type: 'text', required: true, max: 120, message: 'Please enter the attribute name' },
        value: { type: 'text', required: true, max: 120, message: 'Please enter the attribute value' },
        description: { type: 'longText', max: 2000 },
        status: { type: 'integer', ignored: 'Sent by the legacy client and ignored: an attribute is saved inactive (0) until toggled' },
    },
    // The specification saves attributes inactive on create and update alike.
    onSave: { status: 0 },
    unique: [{ fields: ['name', 'value'], message: 'This attribute already exists' }],
    list: {
        search: ['name', 'value', 'description'],
        sort: ['id', 'name', 'value', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
        columns: ['id', 'name', 'value', 'description', 'status'],
    },
    messages: {
        created: 'Attribute added successfully!',
        updated: 'Attribute updated successfully!',
        toggled: 'Attribute status toggled successfully!',
        deleted: 'Attribute deleted successfully!',
        notFound: 'Attribute not found',
    },
    representation: '%{name}: %{value}',
    icon: 'Label',
    ui: { toggleServerMessage: true },
});
