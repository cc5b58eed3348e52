import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

import { roleKey } from './roles';

const COLORS = { admin: 'primary', seller: 'secondary', customer: 'default' } as const;

/** The role as a word (Admin, Seller, Customer), never the number. */
export const RoleField = (_props: { source?: string; label?: string }) => {
    const record = useRecordContext<{ roleId: number }>();
    const translate = useTranslate();
    if (!record) return null;
    const key = roleKey(record.roleId);
    return <Chip size="small" color={COLORS[key]} variant={key === 'customer' ? 'outlined' : 'filled'} label={translate(`resources.users.roles.${key}`)} />;
};
