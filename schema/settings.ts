import { STATE_NAMES } from './gstin';
import { defineEntity } from './types';
import { SHOP_TIME_ZONES } from './timeZones';

/** How the delivery charge of an order is taxed: see docs/gst.md. */
export const DELIVERY_GST_RULES = ['principal', 'highest'] as const;

const mail = (step: string) => ({
    type: 'boolean' as const,
    default: true,
    message: 'Please choose yes or no',
    description: `Mail the customer when their order is ${step}`,
});
const social = (network: string) => ({ type: 'url' as const, message: `Please enter the ${network} page as an http(s) link` });

/** The site's identity (the Setting record): one row is active, and the storefront and contact page read it. */
export const settings = defineEntity({
    name: 'settings',
    table: 'settings',
    noun: ['settings row', 'settings rows'],
    tag: 'Settings',
    paths: { list: '/settings', item: '/settings/:id', create: '/settings', update: '/settings/:id', toggle: '/settings/:id/toggle' },
    envelope: 'data',
    fields: {
        website: { type: 'url', required: true, message: 'Please enter the website address as an http(s) link' },
        logo: { type: 'image' },
        contact: { type: 'phone', message: 'Please enter a valid contact number (10-15 digits).' },
        email: { type: 'email', message: 'Please enter a valid email address.' },
        address: { type: 'longText', max: 500 },
        hours: { type: 'text', max: 120 },
        facebook: social('Facebook'),
        youtube: social('YouTube'),
        instagram: social('Instagram'),
        linkedin: social('LinkedIn'),
        twitter: social('Twitter'),
        googlemap: { type: 'url', message: 'Please enter the Google Maps link or embed address as an http(s) link' },
        metakey: { type: 'text', max: 255 },
        keywords: { type: 'text', max: 500 },
        description: { type: 'longText', max: 2000 },
        lowStockAt: {
            type: 'integer',
            min: 0,
            max: 100_000,
            label: 'low stock at',
            message: 'Please enter the low-stock level as a whole number from 0',
            description: 'A product counts as low on stock at or below this many units (5 when left empty)',
        },
        // The name customers know the shop by: every mail's sender and signature, the packing slip. Tax documents keep the legal name.
        tradingName: { type: 'text', max: 120, label: 'trading name', description: 'The name the shop trades under, the sender of every mail (the legal name when left empty)' },
        // What every tax invoice must name: who sells, under which GSTIN, from which state, and how invoice numbers start.
        legalName: { type: 'text', max: 200, label: 'legal name', description: 'The registered business name printed on tax invoices (the website when left empty)' },
        gstin: {
            type: 'text',
            check: 'gstin',
            // A GSTIN names the state it is registered in: the shop's.
            checkWith: 'state',
            case: 'upper',
            label: 'GSTIN',
            description: "The shop's GST identification number, printed on tax invoices; its check character is checked too",
        },
        state: {
            type: 'enum',
            choices: STATE_NAMES,
            message: 'Please choose the state the shop is registered in',
            description: 'An order delivered in this state is taxed CGST + SGST, elsewhere IGST (the state of the GSTIN when left empty)',
        },
        gstUnregistered: {
            type: 'boolean',
            default: false,
            label: 'not registered under GST',
            message: 'Please choose yes or no',
            description: 'Yes when the shop has no GSTIN: its documents are bills of supply, which charge no GST',
        },
        deliveryGst: {
            type: 'enum',
            choices: DELIVERY_GST_RULES,
            label: 'GST on the delivery charge',
            message: 'Please choose how the delivery charge is taxed',
            description:
                "principal: at the rate of the order's largest line (a composite supply, CGST Act section 8(a)); highest: at the highest rate in the order. The principal rule when left empty",
        },
        invoicePrefix: {
            type: 'text',
            max: 3,
            pattern: '^[A-Za-z0-9]{0,3}$',
            case: 'upper',
            label: 'invoice prefix',
            message: 'Please enter the invoice prefix as at most 3 letters or digits',
            description: 'Starts every tax invoice number, as INV/26-27/000123 (INV when left empty); GST allows 16 characters in all',
        },
        timeZone: {
            type: 'enum',
            choices: SHOP_TIME_ZONES,
            label: 'time zone',
            message: 'Please choose the time zone from the list',
            description: 'Every time on the screens reads this clock (Asia/Kolkata when left empty)',
        },
        // The customer's mail at each step of an order: on unless turned off, as customers expect to hear of their order.
        mailPlaced: mail('placed'),
        mailPaid: mail('paid'),
        mailPacked: mail('packed'),
        mailOutForDelivery: mail('out for delivery'),
        mailDelivered: mail('delivered'),
        mailCancelled: mail('cancelled'),
        mailRefunded: mail('refunded'),
    },
    singleActive: true,
    // Switching rows changes what the storefront and contact page show: ask first.
    ui: { confirmToggle: true },
    // The spec leaves /Setting unguarded; it is the administrator's alone.
    access: { list: 'admin', read: 'admin', create: 'admin', update: 'admin', toggle: 'admin' },
    list: {
        search: ['website', 'email', 'contact'],
        sort: ['id', 'website', 'status', 'createdAt', 'updatedAt'],
        filters: ['status'],
        columns: ['id', 'logo', 'website', 'contact', 'email', 'status'],
    },
    messages: {
        created: 'Settings added successfully',
        updated: 'Settings updated successfully',
        toggled: 'Settings status toggled successfully',
        notFound: 'Settings not found',
    },
    representation: 'website',
    icon: 'Settings',
});
