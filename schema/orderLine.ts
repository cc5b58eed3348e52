/**
 * One line of an order as sold: the product's name, price and GST rate copied when it was ordered, so later
 * catalogue edits leave the order alone. The server keeps amounts in paise and the rate in hundredths of a percent;
 * the API answers them in rupees and percent, the same shape. `productId` is null once the product is deleted.
 */
export type OrderLine = {
    productId: number | null;
    name: string;
    unitPrice: number;
    quantity: number;
    gstPercent: number;
    /** Unit price × quantity, GST included. */
    lineTotal: number;
    /** The GST part of the line total. */
    tax: number;
};
