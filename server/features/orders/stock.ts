import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/tables';
import { conflict } from '../../infra/errors';
import { quantityText, type Unit } from '../../../schema/measure';
import { announceStockMove } from '../webhooks/productEvents';

type Trx = Transaction<Database> | Kysely<Database>;

/**
 * Takes each line's quantity (thousandths of its unit, as stock is kept) from its product's stock, inside the order's transaction, with one conditional UPDATE
 * per line (… WHERE stock >= quantity): of orders placed at the same moment, only as many get the last units as
 * there are, and the others are refused with what is left. A product whose stock is not tracked (null) is sold
 * freely. Answers what each line took.
 */
export async function takeStock(trx: Trx, lines: Array<{ productId: number; name: string; quantity: number; unit: Unit }>): Promise<number[]> {
    const taken: number[] = [];
    for (const { productId, name, quantity, unit } of lines) {
        const took = await trx
            .updateTable('products')
            .set((eb) => ({ stock: eb('stock', '-', quantity) }))
            .where('id', '=', productId)
            .where('stock', 'is not', null)
            .where('stock', '>=', quantity)
            .executeTakeFirst();
        if (Number(took.numUpdatedRows) === 1) {
            taken.push(quantity);
            continue;
        }
        const { stock } = await trx.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow();
        if (stock === null) taken.push(0);
        else {
            const message = shortOf(name, stock, unit);
            throw conflict(message, { items: message });
        }
    }
    return taken;
}

/** Why the shelf cannot fill a line: "Only 2 left of …", "Only 0.5 kg left of …", or out of stock. */
export const shortOf = (name: string, left: number, unit: Unit) => (left > 0 ? `Only ${quantityText(left, unit)} left of ${name}` : `${name} is out of stock`);

/**
 * Puts back what an order's lines took, once: each line's `stockTaken` goes to 0 in the same transaction as the
 * cancel or refund (whose own conditional status change lets only one of two at once through), so a refund after
 * a cancel puts nothing back twice. A product no longer tracked gets nothing back.
 */
export async function returnStock(trx: Trx, orderId: number): Promise<void> {
    const lines = await trx.selectFrom('orderLines').select(['id', 'productId', 'stockTaken']).where('orderId', '=', orderId).where('stockTaken', '>', 0).execute();
    for (const line of lines) {
        const cleared = await trx.updateTable('orderLines').set({ stockTaken: 0 }).where('id', '=', line.id).where('stockTaken', '=', line.stockTaken).executeTakeFirst();
        if (Number(cleared.numUpdatedRows) !== 1 || line.productId === null) continue;
        await trx
            .updateTable('products')
            .set((eb) => ({ stock: eb('stock', '+', line.stockTaken) }))
            .where('id', '=', line.productId)
            .where('stock', 'is not', null)
            .execute();
        await announceStockMove(trx, line.productId, line.stockTaken, 'returned', orderId);
    }
}
