import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { fromUnits } from '../../engine/money';
import type { AnyDb, Row } from '../../engine/rows';
import { announce } from './announce';
import { inUnits, unitOf } from '../../../schema/measure';

type Db = Kysely<Database> | Transaction<Database> | AnyDb;

/** Why a product's stock changed: by hand (the stock routes' reasons), an edit of the product, an order, an order undone. */
export type StockReason = 'received' | 'damaged' | 'counted' | 'edited' | 'ordered' | 'returned';

/** The product as integrators see it: the catalogue's own fields, the price in rupees as everywhere in the API. */
const productData = (row: Row) => ({
    id: row.id,
    name: row.name,
    // A pack size is a product of its own (its own price and stock); these say whose pack it is.
    option: row.option ?? '',
    parentId: row.parentId ?? null,
    sku: row.sku ?? null,
    barcode: row.barcode ?? null,
    hsn: row.hsn ?? null,
    price: fromUnits(Number(row.price), 2),
    stock: row.stock == null ? null : inUnits(Number(row.stock)),
    unit: unitOf(row.unit),
    status: row.status,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
});

const productRow = async (db: Db, id: number) => (await (db as AnyDb).selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Row;

/** `product.created` or `product.updated` with the product as written, in the write's transaction. */
export async function announceProduct(db: Db, event: 'product.created' | 'product.updated', row: Row): Promise<void> {
    await announce(db as Kysely<Database>, event, { product: productData(row) });
}

/** `product.stock_changed`: what the shelf held and holds now, and why (an order's id when an order moved it). */
export async function announceStock(db: Db, productId: number, before: number | null, after: number | null, reason: StockReason, orderId?: number): Promise<void> {
    if (before === after) return;
    await announce(db as Kysely<Database>, 'product.stock_changed', async () => ({
        product: productData(await productRow(db, productId)),
        stock: { before: before === null ? null : inUnits(before), after: after === null ? null : inUnits(after) },
        reason,
        ...(orderId === undefined ? {} : { orderId }),
    }));
}

/** `product.stock_changed` for units an order took (negative) or gave back, told from the stock as it is now. */
export async function announceStockMove(db: Db, productId: number, units: number, reason: 'ordered' | 'returned', orderId: number): Promise<void> {
    await announce(db as Kysely<Database>, 'product.stock_changed', async () => {
        const row = await productRow(db, productId);
        // A product whose stock is not tracked has nothing to tell.
        if (row.stock === null || !units) return undefined;
        return { product: productData(row), stock: { before: inUnits(Number(row.stock) - units), after: inUnits(Number(row.stock)) }, reason, orderId };
    });
}
