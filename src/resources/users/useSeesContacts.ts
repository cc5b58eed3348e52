import { useGetIdentity } from 'react-admin';
import { ROLE } from './roles';

/**
 * Whether the signed-in member of staff reads users' e-mail, phone and address: administrators do, sellers
 * read names and roles only (the API leaves the rest out for them, so the screens do not offer empty columns).
 */
export const useSeesContacts = () => Number(useGetIdentity().identity?.roleId) === ROLE.admin;
