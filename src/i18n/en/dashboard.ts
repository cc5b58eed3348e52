// The dashboard's business cards and chart (GET /dashboard/stats); the welcome and countdown keep their app.* keys.
export default {
    today_orders: "Today's orders",
    today_revenue: "Today's revenue",
    to_pack: 'Waiting to be packed',
    new_customers: 'New customers',
    low_stock: 'Low on stock',
    low_stock_hint: 'products at or below %{level}',
    new_customers_hint: 'in the last 7 days',
    today_hint: 'since midnight',
    to_pack_hint: 'paid online, or cash on delivery',
    chart_title: 'Last 30 days',
    revenue: 'Revenue (₹)',
    orders: 'Orders',
    load_error: 'The business figures could not be loaded.',
};
