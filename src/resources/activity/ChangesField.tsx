import { useRecordContext } from 'react-admin';

import { AuditChanges } from '../../crud/AuditChanges';

/** An activity line's changes, field by field in the changed screen's own labels. */
export const ChangesField = () => {
    const record = useRecordContext<{ id: number; entity: string; changes: Record<string, unknown> | null }>();
    return record ? <AuditChanges entity={record.entity} changes={record.changes} /> : null;
};
