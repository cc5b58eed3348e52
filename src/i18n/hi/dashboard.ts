// The dashboard's business cards and chart; the welcome and countdown are in app.ts.
export default {
    today_orders: 'आज के ऑर्डर',
    today_revenue: 'आज की आय',
    to_pack: 'पैक होने की प्रतीक्षा में',
    new_customers: 'नए ग्राहक',
    low_stock: 'स्टॉक कम',
    low_stock_hint: '%{level} या उससे कम वाले उत्पाद',
    new_customers_hint: 'पिछले 7 दिनों में',
    today_hint: 'आधी रात से',
    to_pack_hint: 'ऑनलाइन भुगतान या डिलीवरी पर नकद',
    chart_title: 'पिछले 30 दिन',
    revenue: 'आय (₹)',
    orders: 'ऑर्डर',
    load_error: 'व्यापार के आँकड़े लोड नहीं हो सके।',
};
