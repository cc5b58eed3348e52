import WebhookIcon from '@mui/icons-material/Webhook';

import { guarded } from './guarded';
import { WebhookCreate } from './WebhookCreate';
import { WebhookEdit } from './WebhookEdit';
import { WebhookList } from './WebhookList';
import { WebhookShow } from './WebhookShow';

export default {
    list: guarded(WebhookList, 'list'),
    create: guarded(WebhookCreate, 'create'),
    edit: guarded(WebhookEdit, 'edit'),
    show: guarded(WebhookShow, 'show'),
    icon: WebhookIcon,
    recordRepresentation: 'url',
};
