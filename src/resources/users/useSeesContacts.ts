import { useGetIdentity } from 'react-admin';
import { ROLE } from './roles';

/**
 * Whether the signed-in member of staff reads users' e-mail, phone and address: administrators and sellers alike,
 * as the API answers them (docs/api.md, "Customers' contact details"): sellers take phone orders and deliver.
 */
export const useSeesContacts = () => {
    const roleId = Number(useGetIdentity().identity?.roleId);
    return roleId === ROLE.admin || roleId === ROLE.seller;
};
