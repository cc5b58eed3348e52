import { ResourceEdit } from '../../common/ResourceEdit';
import { PincodeForm } from './PincodeForm';

export const PincodeEdit = () => (
    <ResourceEdit>
        <PincodeForm />
    </ResourceEdit>
);
