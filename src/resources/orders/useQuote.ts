import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';

import type { DeskDataProvider, Quote } from '../../dataProvider/deskMethods';
import { serverMessage } from '../../common/serverMessage';
import type { DeskLine } from './DeskLines';

/** The server's quote for these lines to this pincode (or why it cannot price them), asked again as they change. */
export function useQuote(lines: DeskLine[], pincode: string, couponCode = '') {
    const dataProvider = useDataProvider<DeskDataProvider>();
    const [quote, setQuote] = useState<Quote | null>(null);
    const [problem, setProblem] = useState<string | null>(null);
    const items = lines.filter(line => line.quantity > 0).map(({ productId, quantity }) => ({ productId, quantity }));
    const key = JSON.stringify([items, pincode, couponCode]);
    useEffect(() => {
        const [asked, pin, coupon] = JSON.parse(key) as [typeof items, string, string];
        if (!asked.length || !/^\d{6}$/.test(pin)) {
            setQuote(null);
            setProblem(null);
            return;
        }
        let live = true;
        const timer = setTimeout(() => {
            dataProvider.quoteOrder({ items: asked, pincode: pin, ...(coupon.trim() ? { couponCode: coupon.trim() } : {}) }).then(
                answer => {
                    if (!live) return;
                    setQuote(answer);
                    setProblem(null);
                },
                error => {
                    if (!live) return;
                    setQuote(null);
                    setProblem(serverMessage(error) ?? String(error));
                },
            );
        }, 250);
        return () => {
            live = false;
            clearTimeout(timer);
        };
    }, [key, dataProvider]);
    return { quote, problem };
}
