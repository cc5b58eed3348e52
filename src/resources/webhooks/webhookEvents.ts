import { WEBHOOK_EVENTS } from '../../../schema/webhooks';

/** An event's readable name: `order.placed` is `resources.webhooks.events.order.placed`, 'Order placed'. */
export const eventLabel = (event: string) => `resources.webhooks.events.${event}`;

/** The events an endpoint may take, as the form's checkboxes offer them. */
export const eventChoices = WEBHOOK_EVENTS.map(id => ({ id, name: eventLabel(id) }));
