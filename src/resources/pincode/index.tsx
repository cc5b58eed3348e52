import type { ResourceOverrides } from '../../crud/schemaResource';
import { SchemaCreate } from '../../crud/SchemaCreate';
import { SchemaEdit } from '../../crud/SchemaEdit';
import { PincodeForm } from './PincodeForm';

/** The pincode form suggests the state from the PIN; the list and everything else are generated from schema/pincode.ts. */
const pincode: ResourceOverrides = {
    create: () => (
        <SchemaCreate>
            <PincodeForm mode="create" />
        </SchemaCreate>
    ),
    edit: () => (
        <SchemaEdit>
            <PincodeForm mode="edit" />
        </SchemaEdit>
    ),
};

export default pincode;
