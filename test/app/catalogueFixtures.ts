import { testDataProvider, type DataProvider, type GetListParams, type RaRecord } from 'react-admin';
import { vi } from 'vitest';

import type { AppDataProvider } from '../../src/dataProvider';
import type { Attribute, Category, Gst, Subcategory } from '../../src/types';

const stamps = { createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };

export const categories: Category[] = [
    { id: 1, name: 'Fruits', description: 'Seasonal fruit', image: null, status: 1, ...stamps },
    { id: 2, name: 'Vegetables', description: 'From the farm', image: null, status: 1, ...stamps },
];

export const subcategories: Subcategory[] = [
    { id: 11, categoryId: 1, categoryName: 'Fruits', name: 'Citrus', image: null, status: 1, ...stamps },
    { id: 12, categoryId: 1, categoryName: 'Fruits', name: 'Berries', image: null, status: 0, ...stamps },
    { id: 21, categoryId: 2, categoryName: 'Vegetables', name: 'Leafy greens', image: null, status: 1, ...stamps },
];

export const attributes: Attribute[] = [
    { id: 5, name: 'Weight', value: '500 g', description: null, status: 1, ...stamps },
    { id: 6, name: 'Colour', value: 'Green', description: 'Of the pack', status: 0, ...stamps },
];

export const gstRates: Gst[] = [{ id: 7, type: 'IGST', description: 'Integrated', percent: 18, status: 1, ...stamps }];

export type Tables = Record<string, RaRecord[]>;

/** Rows narrowed by the list filter as the API does it: equal column values, `q` on the name. */
const matches = (row: RaRecord, filter: GetListParams['filter']) =>
    Object.entries(filter ?? {}).every(([key, value]) =>
        key === 'q' ? String(row.name ?? '').toLowerCase().includes(String(value).toLowerCase()) : row[key] === value
    );

/** An in-memory API over `tables`; every method is a spy. */
export const inMemoryDataProvider = (tables: Tables, overrides: Partial<AppDataProvider> = {}): AppDataProvider => {
    const rows = (resource: string) => tables[resource] ?? [];
    const base: AppDataProvider = {
        ...testDataProvider(),
        getList: vi.fn(async (resource: string, { filter }: GetListParams) => {
            const data = rows(resource).filter(row => matches(row, filter));
            return { data, total: data.length };
        }) as DataProvider['getList'],
        getMany: vi.fn(async (resource: string, { ids }: { ids: RaRecord['id'][] }) => ({
            data: rows(resource).filter(row => ids.includes(row.id)),
        })) as DataProvider['getMany'],
        getOne: vi.fn(async (resource: string, { id }: { id: RaRecord['id'] }) => ({
            // Ids from the URL are strings.
            data: rows(resource).find(row => String(row.id) === String(id))!,
        })) as DataProvider['getOne'],
        create: vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({
            data: { id: 99, ...data },
        })) as DataProvider['create'],
        update: vi.fn(async (_resource: string, { id, data }: { id: RaRecord['id']; data: Record<string, unknown> }) => ({
            data: { ...data, id },
        })) as DataProvider['update'],
        delete: vi.fn(async (_resource: string, { id }: { id: RaRecord['id'] }) => ({ data: { id } })) as DataProvider['delete'],
        toggleStatus: vi.fn(async (resource: string, { id, status }) => ({
            data: { ...rows(resource).find(row => row.id === id)!, status },
            message: 'Status toggled by the server',
        })) as AppDataProvider['toggleStatus'],
    };
    return { ...base, ...overrides };
};
