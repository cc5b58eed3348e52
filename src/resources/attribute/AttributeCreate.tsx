import { ResourceCreate } from '../../common/ResourceCreate';
import { AttributeForm } from './AttributeForm';

export const AttributeCreate = () => (
    <ResourceCreate>
        <AttributeForm />
    </ResourceCreate>
);
