import { ResourceEdit } from '../../common/ResourceEdit';
import { AttributeForm } from './AttributeForm';

export const AttributeEdit = () => (
    <ResourceEdit>
        <AttributeForm />
    </ResourceEdit>
);
