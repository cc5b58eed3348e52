import { ResourceCreate } from '../../common/ResourceCreate';
import { PincodeForm } from './PincodeForm';

export const PincodeCreate = () => (
    <ResourceCreate>
        <PincodeForm />
    </ResourceCreate>
);
