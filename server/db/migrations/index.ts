import type { Migration } from 'kysely';
import * as authAndCategories from './2026-11-22-0001-auth-and-categories';
import * as catalogue from './2026-11-22-0002-catalogue';
import * as hardening from './2026-11-22-0003-hardening';
import * as videos from './2026-11-22-0004-videos';
import * as people from './2026-11-22-0005-people';
import * as orders from './2026-11-22-0006-orders';
import * as content from './2026-11-22-0007-content';
import * as uniqueNames from './2026-11-22-0009-unique-names';
import * as auditLog from './2026-11-22-0010-audit-log';
import * as contentListIndexes from './2026-11-22-0011-content-list-indexes';
import * as orderStatusIndex from './2026-11-22-0012-order-status-index';
import * as listIndexes from './2026-11-22-0008-list-indexes';
import * as answerVersions from './2026-11-23-0001-answer-versions';
import * as signInPerClient from './2026-11-24-0001-sign-in-per-client';
import * as uniqueOneMeaning from './2026-11-25-0001-unique-one-meaning';
import * as productStock from './2026-11-25-0002-product-stock';
import * as rateLimits from './2026-11-25-0003-rate-limits';
import * as invoices from './2026-11-25-0004-invoices';
import * as lowStock from './2026-11-25-0005-low-stock';
import * as appSecrets from './2026-11-25-0006-app-secrets';
import * as orderMails from './2026-11-25-0007-order-mails';
import * as pictureAltText from './2026-11-26-0101-picture-alt-text';
import * as shopTimeZone from './2026-11-26-0102-shop-time-zone';
import * as webhooks from './2026-11-26-0103-webhooks';
import * as columnVersions from './2026-11-26-0104-column-versions';
import * as rowVersions from './2026-11-27-0001-row-versions';
import * as rowVersionsClustered from './2026-11-27-0101-row-versions-clustered';
import * as rowVersionFeed from './2026-11-28-0001-row-version-feed';
import * as idempotencyKeys from './2026-11-29-0100-idempotency-keys';
import * as webhookEndpointLeases from './2026-11-29-0200-webhook-endpoint-leases';
import * as codeGuessing from './2026-11-29-0300-code-guessing';
import * as idempotencyWritten from './2026-11-29-0400-idempotency-written';
import * as gstPlaceOfSupply from './2026-11-29-0600-gst-place-of-supply';
import * as creditNotes from './2026-11-29-0700-credit-notes';
import * as lineDiscounts from './2026-11-29-0800-line-discounts';
import * as deliverySlots from './2026-11-29-0900-delivery-slots';
import * as slotBookings from './2026-11-29-0901-slot-bookings';
import * as riderDelivery from './2026-11-29-1100-rider-delivery';
import * as listSorts from './2026-11-29-1200-list-sorts';
import * as productMrp from './2026-11-29-1300-product-mrp';
import * as phoneOnlyCustomers from './2026-11-29-1400-phone-only-customers';
import * as activityInRupees from './2026-11-29-1600-activity-in-rupees';
import * as syncIndexes from './2026-11-29-1601-sync-indexes';
import * as deletions from './2026-11-29-1602-deletions';
import * as lineMrp from './2026-11-29-1700-line-mrp';
import * as productAttributes from './2026-11-29-1701-product-attributes';
import * as activityRecord from './2026-11-29-1800-activity-record';
import * as looseGoods from './2026-11-30-1200-loose-goods';
import * as productVariants from './2026-11-30-1201-product-variants';

// Listed statically so the bundle and tsx both find them; names sort by date.
export const migrations: Record<string, Migration> = {
    '2026-11-22-0001-auth-and-categories': authAndCategories,
    '2026-11-22-0002-catalogue': catalogue,
    '2026-11-22-0003-hardening': hardening,
    '2026-11-22-0004-videos': videos,
    '2026-11-22-0005-people': people,
    '2026-11-22-0006-orders': orders,
    '2026-11-22-0007-content': content,
    '2026-11-22-0008-list-indexes': listIndexes,
    '2026-11-22-0009-unique-names': uniqueNames,
    '2026-11-22-0010-audit-log': auditLog,
    '2026-11-22-0011-content-list-indexes': contentListIndexes,
    '2026-11-22-0012-order-status-index': orderStatusIndex,
    '2026-11-23-0001-answer-versions': answerVersions,
    '2026-11-24-0001-sign-in-per-client': signInPerClient,
    '2026-11-25-0001-unique-one-meaning': uniqueOneMeaning,
    '2026-11-25-0002-product-stock': productStock,
    '2026-11-25-0003-rate-limits': rateLimits,
    '2026-11-25-0004-invoices': invoices,
    '2026-11-25-0005-low-stock': lowStock,
    '2026-11-25-0006-app-secrets': appSecrets,
    '2026-11-25-0007-order-mails': orderMails,
    '2026-11-26-0101-picture-alt-text': pictureAltText,
    '2026-11-26-0102-shop-time-zone': shopTimeZone,
    '2026-11-26-0103-webhooks': webhooks,
    '2026-11-26-0104-column-versions': columnVersions,
    '2026-11-27-0001-row-versions': rowVersions,
    '2026-11-27-0101-row-versions-clustered': rowVersionsClustered,
    '2026-11-28-0001-row-version-feed': rowVersionFeed,
    '2026-11-29-0100-idempotency-keys': idempotencyKeys,
    '2026-11-29-0200-webhook-endpoint-leases': webhookEndpointLeases,
    '2026-11-29-0300-code-guessing': codeGuessing,
    '2026-11-29-0400-idempotency-written': idempotencyWritten,
    '2026-11-29-0600-gst-place-of-supply': gstPlaceOfSupply,
    '2026-11-29-0700-credit-notes': creditNotes,
    '2026-11-29-0800-line-discounts': lineDiscounts,
    '2026-11-29-0900-delivery-slots': deliverySlots,
    '2026-11-29-0901-slot-bookings': slotBookings,
    '2026-11-29-1100-rider-delivery': riderDelivery,
    '2026-11-29-1200-list-sorts': listSorts,
    '2026-11-29-1300-product-mrp': productMrp,
    '2026-11-29-1400-phone-only-customers': phoneOnlyCustomers,
    '2026-11-29-1600-activity-in-rupees': activityInRupees,
    '2026-11-29-1601-sync-indexes': syncIndexes,
    '2026-11-29-1602-deletions': deletions,
    '2026-11-29-1700-line-mrp': lineMrp,
    '2026-11-29-1701-product-attributes': productAttributes,
    '2026-11-29-1800-activity-record': activityRecord,
    '2026-11-30-1200-loose-goods': looseGoods,
    '2026-11-30-1201-product-variants': productVariants,
};
