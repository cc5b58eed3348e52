import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';

import { overlay } from './overlay';
import { schemaMessages } from './schemaLabels';
import { resourceWords, statusWords } from '../../schema/labels/en';

import csvImport from './en/csvImport';
import gallery from './en/gallery';
import experience from './en/experience';
import listFilters from './en/listFilters';
import payments from './en/payments';
import dashboard from './en/dashboard';
import people from './en/people';
import palette from './en/palette';
import webhooks from './en/webhooks';
import login from './en/login';
import orderDesk from './en/orderDesk';
import { creditNotes, reports } from './en/reports';

/**
 * App-wide words here; each resource's labels and the spec's messages in en/<resource>.ts, laid over the words
 * the schemas give (src/i18n/schemaLabels.ts: an entity without a label file still reads well).
 */
const own: TranslationMessages = {
    ...englishMessages,
    ra: {
        ...englishMessages.ra,
        auth: {
            ...englishMessages.ra.auth,
            logout: 'Sign Out',
        },
    },
    app: {
        ...experience,
        list_filters: listFilters,
        csv_import: csvImport,
        gallery,
        credit_notes: creditNotes,
        order_desk: orderDesk,
        // After a quantity of loose goods (0.75 kg); pieces go bare.
        units: { NOS: 'pcs', KGS: 'kg', LTR: 'l' },
        // A product's pack sizes (src/crud/VariantRows.tsx, VariantOf.tsx).
        variants: {
            title: 'Variants',
            none: 'Sold one way only: add a variant for another pack size.',
            add: 'Add a variant',
            of: 'A variant of %{name}: its name, description, category and tax are the product’s.',
            open_product: 'Open the product',
            order: 'Order',
            move_up: 'Move %{name} up',
            move_down: 'Move %{name} down',
            show: 'Show variants',
            hide: 'Hide variants',
            show_of: 'Show variants: %{name}',
            hide_of: 'Hide variants: %{name}',
        },
        name: 'Grocer Back-office',
        menu: {
            label: 'Main menu',
            masters: 'Masters',
            add_category: 'Categories',
            add_subcategory: 'Subcategories',
            add_attribute: 'Attributes',
            page_category: 'Page Category',
            coupons: 'Coupons',
            gst: 'GST',
            pincode: 'Pincode',
            add_product: 'Products',
            add_banner: 'Banners',
            setting_group: 'Setting',
            setting: 'Setting',
            manage_page: 'Pages',
            add_video: 'Videos',
            user_management: 'User Management',
            user_list: 'User List',
            activity: 'Activity',
            order_management: 'Order Management',
            order_list: 'Order List',
        },
        footer: {
            copyright: '© %{year} Grocer Back-office. All rights reserved.',
            credit: 'Designed by Freshcart Labs',
        },
        login,
        status: statusWords,
        action: {
            activate: 'Activate',
            deactivate: 'Deactivate',
            // Lower-case verbs for confirmation sentences such as 'Are you sure you want to %{action} …?'
            activate_verb: 'activate',
            deactivate_verb: 'deactivate',
            confirm_toggle_title: 'Change status',
        },
        list: {
            action: 'Action',
            no_image: 'No image',
            read_more: 'Read More',
            whole_text: 'The whole text',
            copy: 'Copy',
            copy_value: 'Copy %{value}',
            copied: 'Copied %{value}',
            copy_failed: 'The browser did not allow copying; select the text instead.',
            saving: 'Save %{amount} (%{percent}%)',
            mrp: 'MRP %{amount}',
            per_unit: 'per %{unit}',
        },
        window: {
            scheduled: 'Scheduled',
            active: 'Active',
            expired: 'Expired',
        },
        form: {
            // A select that waits for another choice, e.g. a subcategory for its category.
            choose_first: 'Choose a %{field} first',
            // Dates are typed as the app shows them, whatever the browser's language.
            date_format: 'dd/mm/yyyy',
            date_invalid: 'Enter a date as dd/mm/yyyy',
            date_pick: 'Choose from a calendar',
        },
        dashboard: {
            welcome_title: 'Welcome, %{name}',
            welcome_title_anonymous: 'Welcome',
            welcome_text:
                'Manage the catalogue, banners, pages, coupons, delivery pincodes, orders and users of the store from the menu.',
        },
        countdown: {
            title: 'Coming Soon',
            subtitle: 'Something fresh is on its way.',
            days: 'Days',
            hours: 'Hours',
            minutes: 'Minutes',
            seconds: 'Seconds',
            progress: 'Launch progress',
            facebook: 'Facebook',
            twitter: 'Twitter',
            instagram: 'Instagram',
            linkedin: 'LinkedIn',
        },
    },
    resources: { ...resourceWords, webhooks, reports } as TranslationMessages['resources'],
    people,
    payments,
    dashboard,
    palette,
};

const en = overlay(schemaMessages(), own) as TranslationMessages;

export default en;
